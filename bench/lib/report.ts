/** Benchmark reports that several benchmarks write into one Markdown file, each its own section. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Replaces the section `## <title>` of a Markdown file (up to the next `## ` heading or the end) with `body`, or
 * appends it; the rest of the file is kept as it is.
 */
export function writeSection(file: string, title: string, body: string): void {
  const heading = `## ${title}`;
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  const section = [heading, "", ...body.trimEnd().split("\n"), ""];
  if (start < 0) {
    const cached = text.trimEnd();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, (cached ? cached + "\n\n" : "") + section.join("\n"));
    return;
  }
  let end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  if (end < 0) end = lines.length;
  writeFileSync(file, [...lines.slice(0, start), ...section, ...lines.slice(end)].join("\n").trimEnd() + "\n");
}
