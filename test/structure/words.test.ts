/**
 * One vocabulary: the code of engine/, contract/, http/ and server/ says route, rate-limit group, rate limit, cache,
 * lifecycle and interface, not the retired words that once meant them (a "row" of the route table, a "bucket" or
 * "surface" for a rate-limit group, a "policy" or "pace" for a rate limit, "keep"/"kept"/"mark" for the server's cache
 * of repeated answers, "life" for the server's lifecycle, a "door" for the HTTP or MCP interface). Identifiers,
 * comments and string literals are read apart (the TypeScript parser tells them apart), each with its own rules.
 *
 * Published names keep their old spelling (clients, operators and scrapers read them): those are listed in ALLOWED,
 * each with its reason. A word that is ordinary English or another trade's term (a CSV row, a histogram's buckets,
 * "in a row") is not the retired meaning and is either not matched or allowed per file below.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** The checkout to read (WORDS_ROOT: another one, e.g. to see the rule fail on a tree from before the renaming). */
const ROOT = process.env.WORDS_ROOT ?? fileURLToPath(new URL("../..", import.meta.url));
const COVERED = /^(engine|contract|http|server)\//;
const OUTSIDE = /(^|\/)(node_modules|dist)\/|^engine\/data\/|^contract\/published\//;
const SOURCE = /\.(ts|mts|mjs|js)$/;

type Kind = "identifier" | "comment" | "string";

/** The retired words in identifiers, as lowercase words of a camelCase or SNAKE_CASE name. */
const RETIRED_IDENTIFIER_WORDS: Readonly<Record<string, string>> = {
  bucket: "rate-limit group (RateLimitGroup, rateLimitGroup)",
  buckets: "rate-limit groups",
  surface: "rate-limit group",
  surfaces: "rate-limit groups",
  pace: "rate limit",
  policy: "rate limit (RateLimit, rateLimit)",
  policies: "rate limits",
  row: "route",
  rows: "routes",
  keep: "cache",
  keeping: "cache",
  kept: "cached",
  mark: "record (the answer source)",
  door: "interface",
  life: "lifecycle",
};

/** The retired words in prose (comments and string literals): each pattern means the retired sense only. */
const RETIRED_PROSE: readonly { pattern: RegExp; instead: string }[] = [
  { pattern: /\bbuckets?\b/i, instead: "rate-limit group" },
  { pattern: /\bsurfaces?\b/i, instead: "rate-limit group" },
  { pattern: /\bpace\b/i, instead: "rate limit" },
  { pattern: /rate[- ]limit polic/i, instead: "rate limit" },
  { pattern: /(?<!cache |[\w/-])polic(y|ies)\b(?!\.[jt]s)/, instead: "rate limit (a cache policy is fine)" },
  {
    pattern: /\bRateLimitPolicy\b|\bBucketName\b|\bbucketOf\b/,
    instead: "RateLimit, RateLimitGroupName, rateLimitGroupOf",
  },
  {
    pattern: /\brows?\b(?<!\bin a row)(?! (of (a|the) (CSV|csv|file|table:)|per (month|date|day|quarter)))/i,
    instead: "route (a table's row is fine: see ALLOWED)",
  },
  {
    pattern: /\bkept (answers?|bod(y|ies)|forms?)\b|\b(answers?|targets?) (is |are )?(never )?kept\b/i,
    instead: "cached",
  },
  { pattern: /\bkeeping answers\b|\bkept\(\)|\bmark\(\)/i, instead: "caching, the cache, recordSource()" },
  { pattern: /\bdoors?\b/i, instead: "interface" },
  { pattern: /\blife\b/i, instead: "lifecycle" },
];

/** What keeps an old word on purpose: the file, where (identifier, comment or string), the text, and why. */
const ALLOWED: readonly { file: RegExp; kind: Kind; text: RegExp; reason: string }[] = [
  // published: metrics (operators scrape them; renaming a label breaks their dashboards and alerts)
  {
    file: /^server\/metrics\.ts$/,
    kind: "identifier",
    text: /^surface$/,
    reason: "the `surface` label of the limiter's decisions metric: a published label name",
  },
  {
    file: /^server\/metrics\.ts$/,
    kind: "string",
    text: /^surface$|decisions by surface|counted on its pace|kept for repeated targets/,
    reason: "the metrics' label name and HELP texts, published on /metrics",
  },
  {
    file: /^server\/metrics\.ts$/,
    kind: "identifier",
    text: /^buckets$|^DURATION_BUCKETS$/,
    reason: "prom-client's histogram option (a histogram's buckets, not a rate-limit group)",
  },
  // published: the operator's grants file and the messages that name its places
  {
    file: /^server\/grants\.ts$/,
    kind: "identifier",
    text: /^surfaces$/,
    reason: "the grants file's key `surfaces` (README, Grants): operators' files use it",
  },
  {
    file: /^server\/grants\.ts$/,
    kind: "string",
    text: /surfaces|unknown surface|the surface's own limit/,
    reason: "the grants file's key and the problems that name a place in it (README, Grants; operators read them)",
  },
  {
    file: /^server\/grants\.ts$/,
    kind: "comment",
    text: /`grants\[0\]\.surfaces\.v3`/,
    reason: "an example of a place in the grants file, under its published key",
  },
  // published: the OpenAPI document's prose (contract/published/openapi.json, contract:check)
  {
    file: /^contract\/(routes|openapi\/description|openapi\/headers)\.ts$/,
    kind: "string",
    text: /limited surface|surface's|the v3 pace|^pace, as the dataset files|^surface: it is never counted/,
    reason: "the OpenAPI document's published prose (RateLimit-* headers, /health, Limits and caching)",
  },
  // published header names
  {
    file: /./,
    kind: "string",
    text: /RateLimit-Policy/,
    reason: "the RateLimit-Policy response header (draft-ietf-httpapi-ratelimit-headers)",
  },
  // another sense: rows of a table that is not the route table
  {
    file: /^contract\/csv\.ts$|^contract\/openapi\/(description|static-dataset)\.ts$|^engine\/cli\//,
    kind: "identifier",
    text: /row/i,
    reason: "rows of a CSV file, a Markdown table or the CLI's tables",
  },
  {
    file: /^contract\/csv\.ts$|^contract\/openapi\/(description|static-dataset)\.ts$|^engine\/cli\//,
    kind: "comment",
    text: /\brows?\b/i,
    reason: "rows of a CSV file, a Markdown table or the CLI's tables",
  },
  {
    file: /^contract\/routes\.ts$|^contract\/csv\.ts$|^engine\/cli\//,
    kind: "string",
    text: /CSV row|\brow per\b|\bthe row sums\b/,
    reason: "a dataset CSV file's or the CLI's rows (published descriptions)",
  },
  {
    file: /^server\/store-watch\.ts$/,
    kind: "identifier",
    text: /^timeoutsInARow$/,
    reason: "time-outs in a row: one after another",
  },
];

function tracked(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((f) => COVERED.test(f) && !OUTSIDE.test(f) && (SOURCE.test(f) || f.endsWith(".md")));
}

/** The lowercase words of a name: `rateLimitGroupOf` -> rate, limit, group, of; `MCP_BUCKET` -> mcp, bucket. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_$]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

interface Piece {
  kind: Kind;
  text: string;
  line: number;
}

/** A source file's identifiers, comments and string literals (template parts included), each with its line. */
function piecesOf(file: string, text: string): Piece[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const pieces: Piece[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const comments = new Set<number>();
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? [])
      if (!comments.has(r.pos)) {
        comments.add(r.pos);
        pieces.push({ kind: "comment", text: text.slice(r.pos, r.end), line: lineOf(r.pos) });
      }
  };
  const visit = (node: ts.Node) => {
    addComments(ts.getLeadingCommentRanges(text, node.getFullStart()));
    addComments(ts.getTrailingCommentRanges(text, node.getEnd()));
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node))
      pieces.push({ kind: "identifier", text: node.text, line: lineOf(node.getStart(sf)) });
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
      pieces.push({ kind: "string", text: node.text, line: lineOf(node.getStart(sf)) });
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return pieces;
}

/** Markdown: every line is prose. */
function piecesOfMarkdown(text: string): Piece[] {
  return text.split("\n").map((line, i) => ({ kind: "comment" as const, text: line, line: i + 1 }));
}

function allowed(file: string, kind: Kind, text: string): boolean {
  return ALLOWED.some((a) => a.file.test(file) && a.kind === kind && a.text.test(text));
}

/** Every use of a retired word in one file, as `path:line: what (use: instead)`. */
function retiredWordsIn(file: string, text: string): string[] {
  const found: string[] = [];
  const pieces = file.endsWith(".md") ? piecesOfMarkdown(text) : piecesOf(file, text);
  for (const { kind, text: piece, line } of pieces) {
    if (kind === "identifier") {
      for (const word of wordsOf(piece)) {
        const instead = RETIRED_IDENTIFIER_WORDS[word];
        // a cache policy is a policy: only a rate limit's is retired
        if (!instead || (word === "policy" && /^cache/i.test(piece))) continue;
        if (allowed(file, kind, piece)) continue;
        found.push(`${file}:${line}: identifier ${piece} (use: ${instead})`);
      }
      continue;
    }
    // prose is read line by line, so that an allowance names the line it allows
    const lines = piece.split("\n");
    lines.forEach((l, i) => {
      for (const { pattern, instead } of RETIRED_PROSE) {
        const m = pattern.exec(l);
        if (!m || allowed(file, kind, l)) continue;
        found.push(`${file}:${line + i}: ${kind} "${l.trim().slice(0, 100)}" (${m[0]}; use: ${instead})`);
      }
    });
  }
  return found;
}

describe("one vocabulary in engine/, contract/, http/ and server/", () => {
  it("no retired word is used in its old sense (published names are allowed with a reason)", () => {
    const found = tracked().flatMap((f) => retiredWordsIn(f, readFileSync(join(ROOT, f), "utf8")));
    expect(found).toEqual([]);
  });

  it("catches each retired word, and leaves ordinary English and other trades' terms alone", () => {
    const bad = [
      "const bucket = tableBucket('v3');",
      "export type BucketName = string;",
      "function f(policy: RateLimitPolicy) {}",
      "/** the row of the route table */",
      "// the dataset files state their surface's pace",
      "const keep = keeping(config, life);",
      "/** answers kept for repeated targets */",
      "// whichever door it came through",
      "const life = 1;",
      "/** as kept() or mark() recorded it */",
    ];
    for (const line of bad) expect(retiredWordsIn("server/example.ts", line), line).not.toEqual([]);
    const fine = [
      "// keep the largest of the last ten; the order is kept",
      "/** Cache-Control: the cache policy a route declares */",
      "// four time-outs in a row declare the store down",
      "const h = { 'RateLimit-Policy': '10;w=60' };",
      "const rateLimitGroup: RateLimitGroupName = 'v3';",
      "// a CSV row per date, a row per month",
    ];
    for (const line of fine) expect(retiredWordsIn("server/example.ts", line), line).toEqual([]);
  });
});
