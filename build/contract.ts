/**
 * The published contract: the OpenAPI document as served (http/openapi.ts), stored in
 * contract/published/openapi.json, and the compatibility check of the served document against it.
 *
 *   npm run contract:accept   writes the served document there (a deliberate step: docs/contract.md#compatibility)
 *   npm run contract:check    compares the served document with the stored one; exits 1 on a breaking change
 *
 * The comparison is Optic's (`optic diff --check`, its `breaking-changes` standard plus ./contract-rules/, run offline:
 * no telemetry, no update check, no cloud; a breaking change exits 1, anything else unexpected throws). test/contract/compatibility.test.ts runs it in the suite.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type Json = Record<string, unknown>;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PUBLISHED_FILE = join(ROOT, "contract", "published", "openapi.json");
const OPTIC = join(ROOT, "node_modules", "@useoptic", "optic", "build", "index.js");
/**
 * The standard: Optic's breaking-changes rules, and the project's rule that a parameter's range never narrows
 * (./contract-rules/narrower-range.js: Optic's own rules compare a parameter's type, not its bounds). Optic resolves a
 * local ruleset from its working folder, so the path is absolute.
 */
const STANDARD = `ruleset:\n  - breaking-changes\n  - ${JSON.stringify(join(ROOT, "build", "contract-rules", "narrower-range.js"))}\n`;

/** The document as stored: two-space JSON and a final newline, so a change reads as a diff of lines. */
export const storedText = (document: unknown): string => JSON.stringify(document, null, 2) + "\n";

/**
 * A copy Optic can read. Optic merges `allOf` to compare schemas and gives up on a member that is only a conditional
 * (`if`/`then`/`else`: Day's invariants), dropping the schema's properties from the comparison with it, so a removed
 * property of Day would pass unseen. The conditionals state invariants between values, not the shape a client reads:
 * they are left out of both sides alike.
 */
export function comparable(document: unknown): unknown {
  if (Array.isArray(document)) return document.map(comparable);
  if (document === null || typeof document !== "object") return document;
  const out: Json = {};
  for (const [key, value] of Object.entries(document as Json)) {
    if (
      key === "allOf" &&
      Array.isArray(value) &&
      value.every((member) => member && typeof member === "object" && "if" in member)
    )
      continue;
    out[key] = comparable(value);
  }
  return out;
}

export interface Verdict {
  /** no breaking change */
  compatible: boolean;
  /** Optic's report, the lines that matter */
  report: string;
}

/** Optic's verdict on `head` (the new document) against `base` (the published one). */
export async function compareDocuments(base: unknown, head: unknown): Promise<Verdict> {
  const dir = mkdtempSync(join(tmpdir(), "contract-"));
  try {
    writeFileSync(join(dir, "published.json"), JSON.stringify(comparable(base)));
    writeFileSync(join(dir, "served.json"), JSON.stringify(comparable(head)));
    writeFileSync(join(dir, "standard.yml"), STANDARD);
    const args = [OPTIC, "diff", "published.json", "served.json", "--check", "--standard", "standard.yml"];
    // offline: no telemetry, no update check (Optic's own switches)
    const env = {
      ...process.env,
      OPTIC_TELEMETRY_LEVEL: "off",
      NO_UPDATE_NOTIFIER: "1",
      FORCE_COLOR: "0",
      NO_COLOR: "1",
    };
    const { status, output } = await new Promise<{ status: number | null; output: string }>((done) => {
      execFile(
        process.execPath,
        args,
        { cwd: dir, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          done({ status: code, output: `${stdout}\n${stderr}` });
        },
      );
    });
    const report = output
      .split("\n")
      .filter((line) => line.trim() && !line.includes("invalid allOf variant"))
      .join("\n");
    if (status !== 0 && status !== 1) throw new Error(`optic diff failed (${status}):\n${report}`);
    if (report.includes("Constructing ruleset")) throw new Error(`optic diff did not run its rules:\n${report}`);
    return { compatible: status === 0, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The served document (loaded only when asked: the script's own import stays light). */
export async function publicDocument(): Promise<unknown> {
  const { publicOpenApiDocument } = await import("../http/openapi.js");
  return publicOpenApiDocument();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  const served = await publicDocument();
  if (command === "accept") {
    writeFileSync(PUBLISHED_FILE, storedText(served));
    console.log(`wrote ${PUBLISHED_FILE}: add a CHANGELOG.md entry for what changed (docs/contract.md#compatibility)`);
  } else if (command === "check") {
    const verdict = await compareDocuments(JSON.parse(readFileSync(PUBLISHED_FILE, "utf8")), served);
    console.log(verdict.report);
    if (!verdict.compatible) {
      console.error("breaking change against contract/published/openapi.json (see above)");
      process.exit(1);
    }
  } else {
    console.error("usage: tsx build/contract.ts accept|check");
    process.exit(2);
  }
}
