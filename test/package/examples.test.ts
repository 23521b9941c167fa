/**
 * The documented examples cannot lie: every `@example` line of the library's JSDoc (engine/index.ts) of the form
 * `expr; // value` is run against the library and its result compared with the value, a JSON-ish literal
 * (unquoted keys allowed; a trailing remark in parentheses, "// false (Midsummer Eve)", is not part of the value).
 * Every function the module declares must have at least one such example. The same for the lines of that form in
 * the JavaScript blocks of the package's README (engine/README.md).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as library from "swedish-calendar";
import * as icsLibrary from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import { MAIN_FUNCTIONS } from "./main-functions.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCE = readFileSync(join(ROOT, "engine/index.ts"), "utf8");
const README = readFileSync(join(ROOT, "engine/README.md"), "utf8");

interface Example {
  fn: string;
  expr: string;
  value: string;
}

/** The `expr; // value` lines of each @example block, with the function the block documents. */
function examples(source: string): Example[] {
  const found: Example[] = [];
  for (const block of source.matchAll(/\/\*\*([\s\S]*?)\*\/\s*export\s+(?:async\s+)?function\s+(\w+)/g)) {
    const [, doc, fn] = block;
    const lines = doc.split("\n").map((l) => l.replace(/^\s*\*\s?/, ""));
    let inExample = false;
    for (const line of lines) {
      if (line.startsWith("@")) inExample = line.startsWith("@example");
      if (!inExample) continue;
      const m = /^(.+?);\s*\/\/\s*(.+)$/.exec(line.trim());
      if (m) found.push({ fn, expr: m[1].trim(), value: m[2].trim() });
    }
  }
  return found;
}

/** The value of a comment: a JSON-ish literal, without a trailing "(remark)". */
function parseValue(text: string): unknown {
  const literal = text.replace(/\s+\([^()]*\)$/, "");
  const json = literal.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":');
  return JSON.parse(json);
}

/**
 * The examples of the README's js code blocks: `expr; // value` on one line, or `expr;` followed by comment lines
 * that together hold the value.
 */
function readmeExamples(text: string): { expr: string; value: string }[] {
  const found: { expr: string; value: string }[] = [];
  for (const block of text.matchAll(/^```js\n([\s\S]*?)^```/gm)) {
    const lines = block[1].split("\n").map((l) => l.trim());
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("//")) continue;
      const inline = /^(.+?);\s*\/\/\s*(.+)$/.exec(lines[i]);
      if (inline) {
        found.push({ expr: inline[1].trim(), value: inline[2].trim() });
        continue;
      }
      const bare = /^(.+);$/.exec(lines[i]);
      const comments: string[] = [];
      for (let j = i + 1; j < lines.length && lines[j].startsWith("//"); j++)
        comments.push(lines[j].replace(/^\/\/\s?/, ""));
      if (bare && comments.length > 0 && !/^(import|const|let|if|try|writeFileSync)\b/.test(bare[1])) {
        found.push({ expr: bare[1].trim(), value: comments.join(" ").trim() });
      }
    }
  }
  return found;
}

/** Evaluates an example expression with the exports of "." and "./ics" in scope. */
function evaluate(expr: string): unknown {
  const scope: Record<string, unknown> = { ...icsLibrary, ...library };
  const names = Object.keys(scope);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function(...names, `return (${expr});`)(...names.map((n) => scope[n]));
}

const EXAMPLES = examples(SOURCE);
const DECLARED = [...SOURCE.matchAll(/^export\s+function\s+(\w+)/gm)].map((m) => m[1]);

describe("the documented examples (engine/index.ts JSDoc, engine/README.md)", () => {
  it("are found, and every function the module declares has at least one", () => {
    expect(DECLARED.length).toBeGreaterThanOrEqual(17);
    expect(DECLARED.filter((fn) => !EXAMPLES.some((e) => e.fn === fn))).toEqual([]);
  });

  it.each(EXAMPLES.map((e) => [`${e.expr} // ${e.value}`, e] as const))("%s", (_, example) => {
    expect(example.expr).toMatch(new RegExp(`\\b${example.fn}\\(`));
    expect(evaluate(example.expr)).toEqual(parseValue(example.value));
  });

  it.each(readmeExamples(README).map((e) => [`README: ${e.expr} // ${e.value}`, e] as const))("%s", (_, example) => {
    expect(evaluate(example.expr)).toEqual(parseValue(example.value));
  });

  it("the README has such examples for the library's main functions", () => {
    const used = new Set(readmeExamples(README).flatMap((e) => [...e.expr.matchAll(/\b(\w+)\(/g)].map((m) => m[1])));
    expect(MAIN_FUNCTIONS.filter((fn) => !used.has(fn))).toEqual([]);
  });

  it("the check can fail: a wrong value, an unreadable value and a remark are told apart", () => {
    expect(parseValue('"2026-06-19" (Midsummer Eve)')).toBe("2026-06-19");
    expect(parseValue('[{ start: "2026-05-14", days: 4 }]')).toEqual([{ start: "2026-05-14", days: 4 }]);
    expect(() => parseValue("Midsummer Eve")).toThrow();
    expect(evaluate('isWorkingDay("2026-06-19")')).not.toEqual(parseValue("true"));
  });
});
