/**
 * The repository stands alone: every reference a tracked file makes to another file of the project resolves inside
 * the repository, so a reader with only a clone can follow it.
 *
 * - Markdown (every tracked .md): relative links `[text](path)` and `[text](path#anchor)` and in-page `[text](#anchor)`
 *   point at tracked files, and an anchor into a Markdown file names one of its headings (GitHub's slugs).
 * - Every file (Markdown prose, source comments, config comments): a repository path such as `docs/contract.md`,
 *   `contract/routes.ts` or `docs/decisions.md#bridge-days` names a tracked file, and its anchor, if any, a heading.
 *   In source files only comments are read (the TypeScript compiler finds them), not code or strings.
 * - Source and config comments: a relative path (dot-slash or dot-dot-slash, then a file), resolved against the
 *   commenting file's folder, names a tracked file too; a file named `x` or `X` is an example, not a reference.
 * - No tracked file names the documents the project once referred to outside the repository (their names are built
 *   below rather than written, so that this file does not name them either).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, normalize, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const THIS_FILE = "test/docs/references.test.ts";

const TRACKED: readonly string[] = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((f) => f !== "");
const TRACKED_SET = new Set(TRACKED);
const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");

/**
 * Paths that name files the build or a tool writes, never tracked: a reference to one is right although no clone
 * holds the file until it is built.
 */
const GENERATED_PREFIXES = [
  "public/", // the publish folder: the site, the dataset, _redirects/_headers (npm run build); only public/.gitkeep is tracked
  "engine/dist/", // the engine package's build output (tsc, `cd engine && npm pack`)
  "dist/", // the bundled functions and server (npm run build:code)
  ".netlify/", // netlify-cli's build output
];
const isGenerated = (path: string): boolean =>
  !TRACKED_SET.has(path) && GENERATED_PREFIXES.some((p) => path.startsWith(p));

/** The project's top-level folders: a path starting with one of them, in prose or a comment, names a file of the repository. */
const FOLDERS = [
  "docs",
  "contract",
  "functions",
  "http",
  "server",
  "build",
  "site",
  "engine",
  "test",
  "bench",
  "scripts",
  "public",
];
/**
 * A repository path as the project writes it in prose and comments (after a space, a quote, a bracket or the start of
 * a line): a top-level folder, then a file with an extension; or a file of the root that is referred to by name. An
 * anchor (`#rate-limits`) may follow.
 */
const REPO_PATH = new RegExp(
  String.raw`(?:^|[\s\`("'[])((?:${FOLDERS.join("|")})/[\w./-]*\w\.\w+|README\.md|netlify\.toml)(#[\w-]+)?`,
  "g",
);
/** A relative path in a comment (`./x.ts`, `../lib/x.ts`), after what may precede a repository path; an anchor may follow. */
const RELATIVE_PATH = /(?:^|[\s`("'[])((?:\.\.?\/)+[\w./-]*\w\.\w+)(#[\w-]+)?/g;

// ---------------------------------------------------------------------------------------------------------------
// Markdown headings and GitHub's anchors
// ---------------------------------------------------------------------------------------------------------------

/**
 * Markdown with its code blocks blanked out (their text is code, not links or headings): fenced blocks, and indented
 * blocks (four spaces or a tab after a blank line; an indented line right after text continues a list item).
 */
function withoutCode(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  let previous: "blank" | "text" | "code" = "blank";
  for (const line of markdown.split("\n")) {
    const open = /^\s*(```+|~~~+)/.exec(line);
    let code = true;
    if (fence === undefined && open) fence = open[1];
    else if (fence !== undefined && line.trim().startsWith(fence)) fence = undefined;
    else if (fence === undefined) code = /^( {4}|\t)/.test(line) && previous !== "text";
    // blanking keeps every offset (and so every line number) as it was
    out.push(code ? " ".repeat(line.length) : line);
    previous = line.trim() === "" ? (previous === "code" ? "code" : "blank") : code ? "code" : "text";
  }
  return out.join("\n");
}

/** GitHub's anchor of a heading: the rendered text, lower case, punctuation removed, spaces to hyphens. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

const anchorCache = new Map<string, Set<string>>();
/** Every anchor a Markdown file offers: its headings' slugs (a repeated slug gets -1, -2, …) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  const text = read(file);
  for (const line of withoutCode(text).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]);
    const n = seen.get(slug) ?? 0;
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
    seen.set(slug, n + 1);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id);
  anchorCache.set(file, anchors);
  return anchors;
}

// ---------------------------------------------------------------------------------------------------------------
// Finding references
// ---------------------------------------------------------------------------------------------------------------

interface Reference {
  /** the file that makes it, and the line */
  from: string;
  line: number;
  /** the path as written (repository-relative), and the anchor without '#', if any */
  path: string;
  anchor?: string;
}

const lineAt = (text: string, index: number): number => text.slice(0, index).split("\n").length;

/** Relative links of a Markdown file: `[x](path)`, `[x](path#a)`, `[x](#a)`, `[x]: path` (inline code left out). */
function markdownLinks(file: string): Reference[] {
  const text = withoutCode(read(file)).replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
  const refs: Reference[] = [];
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => [m[1], m.index!] as const),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/gm)].map((m) => [m[1], m.index!] as const),
  ];
  for (const [target, index] of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue; // a URL, or a path of the service
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const path = rawPath === "" ? file : posix.normalize(posix.join(posix.dirname(file), decodeURI(rawPath)));
    refs.push({ from: file, line: lineAt(text, index), path, anchor });
  }
  return refs;
}

/** The comments of a JavaScript or TypeScript text, each with its offset. */
function scriptComments(text: string, fileName: string): { text: string; at: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) found.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found].map(([at, comment]) => ({ text: comment, at }));
}

/** The parts of a tracked file that are prose: all of a Markdown file, the comments of anything else. */
function proseOf(file: string): { text: string; at: number }[] {
  const text = read(file);
  if (file.endsWith(".md")) return [{ text: withoutCode(text), at: 0 }];
  if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(file)) return scriptComments(text, file);
  if (file.endsWith(".astro")) {
    const parts: { text: string; at: number }[] = [];
    const front = /^---\n([\s\S]*?)\n---/.exec(text);
    if (front) parts.push(...scriptComments(front[1], `${file}.ts`).map((c) => ({ text: c.text, at: c.at + 4 })));
    for (const m of text.matchAll(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g)) parts.push({ text: m[0], at: m.index! });
    for (const m of text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
      const start = m.index! + m[0].indexOf(m[1]);
      parts.push(...scriptComments(m[1], `${file}.ts`).map((c) => ({ text: c.text, at: c.at + start })));
    }
    return parts;
  }
  if (file.endsWith(".css")) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ text: m[0], at: m.index! }));
  if (/(^|\/)(\.gitignore|run)$|\.(toml|sh|ya?ml)$/.test(file)) {
    return [...text.matchAll(/#[^\n]*/g)].map((m) => ({ text: m[0], at: m.index! }));
  }
  return [];
}

/** Repository paths named in a file's prose (see REPO_PATH). */
function pathMentions(file: string): Reference[] {
  const text = read(file);
  const refs: Reference[] = [];
  for (const part of proseOf(file)) {
    for (const m of part.text.matchAll(REPO_PATH)) {
      const at = part.at + m.index! + m[0].indexOf(m[1]);
      refs.push({ from: file, line: lineAt(text, at), path: normalize(m[1]), anchor: m[2]?.slice(1) });
    }
  }
  return refs;
}

/**
 * Relative paths named in a file's comments (see RELATIVE_PATH), resolved against the file's folder. Markdown is left
 * out: its relative links are read by markdownLinks.
 */
function relativeMentions(file: string): Reference[] {
  if (file.endsWith(".md")) return [];
  const text = read(file);
  const refs: Reference[] = [];
  for (const part of proseOf(file)) {
    for (const m of part.text.matchAll(RELATIVE_PATH)) {
      if (/^x\./i.test(posix.basename(m[1]))) continue; // an example's placeholder
      const at = part.at + m.index! + m[0].indexOf(m[1]);
      const path = posix.normalize(posix.join(posix.dirname(file), m[1]));
      refs.push({ from: file, line: lineAt(text, at), path: sourceOf(path), anchor: m[2]?.slice(1) });
    }
  }
  return refs;
}

/** A module named as TypeScript imports it (`./x.js` for `./x.ts`): the tracked source, else the path as written. */
function sourceOf(path: string): string {
  if (TRACKED_SET.has(path)) return path;
  const twin = path.replace(/\.(m|c)?js$/, ".$1ts"); // an unmatched group is "" in a replacement
  return TRACKED_SET.has(twin) ? twin : path;
}

/** What is wrong with a reference, or undefined when it resolves. */
function problemOf(ref: Reference): string | undefined {
  const where = `${ref.from}:${ref.line}: ${ref.path}${ref.anchor !== undefined ? `#${ref.anchor}` : ""}`;
  if (!TRACKED_SET.has(ref.path)) {
    if (isGenerated(ref.path)) return undefined;
    const folder = ref.path.replace(/\/$/, "") + "/";
    if (TRACKED.some((f) => f.startsWith(folder))) return undefined; // a folder of the repository
    return `${where}: no tracked file ${ref.path}`;
  }
  if (ref.anchor !== undefined && ref.path.endsWith(".md") && !anchorsOf(ref.path).has(ref.anchor)) {
    return `${where}: ${ref.path} has no heading with the anchor #${ref.anchor}`;
  }
  return undefined;
}

const MARKDOWN = TRACKED.filter((f) => f.endsWith(".md"));
const TEXT_FILES = TRACKED.filter((f) => !/\.(png|jpe?g|gif|ico|woff2?|tgz)$/.test(f));

describe("the repository stands alone: every reference resolves inside it", () => {
  it("reads GitHub's anchors as GitHub makes them", () => {
    expect(githubSlug("Rate limits")).toBe("rate-limits");
    expect(githubSlug("Calendar name (`X-WR-CALNAME`)")).toBe("calendar-name-x-wr-calname");
    expect(githubSlug("GET /v3/long-weekends?year=Y")).toBe("get-v3long-weekendsyeary");
    expect(githubSlug("Kept hand-written, and why")).toBe("kept-hand-written-and-why");
    expect(githubSlug("Netlify's limit: 54,000 files per directory")).toBe("netlifys-limit-54000-files-per-directory");
  });

  it("finds references of every kind (the test reads what it should)", () => {
    const links = MARKDOWN.flatMap(markdownLinks);
    expect(links.some((r) => r.from === "README.md" && r.path === "docs/time-off.md")).toBe(true);
    expect(links.some((r) => r.anchor === "start-up" && r.path === "docs/bench-build.md")).toBe(true);
    const mentions = TEXT_FILES.flatMap(pathMentions);
    expect(mentions.some((r) => r.from === "contract/routes.ts" && r.path === "http/router.ts")).toBe(true);
    expect(mentions.some((r) => r.from === "netlify.toml" && r.path === "build/routing.ts")).toBe(true);
    const relative = TEXT_FILES.flatMap(relativeMentions);
    expect(
      relative.some((r) => r.from === "site/src/scripts/api-reference.ts" && r.path === "site/src/scripts/api-try.ts"),
    ).toBe(true);
    expect(relative.some((r) => r.from === "site/src/lib/pay.ts" && r.path === "site/src/lib/dataset.ts")).toBe(true);
    // code is not prose: only the comments of a script are read, not its strings
    const comments = scriptComments(
      'const url = "https://example.org/x"; // see `docs/a.md`\nconst t = `/* no */ ${url}`;',
      "x.ts",
    );
    expect(comments.map((c) => c.text)).toEqual(["// see `docs/a.md`"]);
  });

  it("every relative Markdown link names a tracked file, and its anchor a heading there", () => {
    const problems = MARKDOWN.flatMap(markdownLinks)
      .map(problemOf)
      .filter((p) => p !== undefined);
    expect(problems).toEqual([]);
  });

  it("every repository path in Markdown prose and source comments names a tracked file (and its anchor a heading)", () => {
    const problems = TEXT_FILES.flatMap(pathMentions)
      .map(problemOf)
      .filter((p) => p !== undefined);
    expect(problems).toEqual([]);
  });

  it("every relative path in a source or config comment names a tracked file, resolved against the file's folder", () => {
    const problems = TEXT_FILES.flatMap(relativeMentions)
      .map(problemOf)
      .filter((p) => p !== undefined);
    expect(problems).toEqual([]);
  });

  it("no tracked file names a document that lives outside the repository", () => {
    const outside = ["SPEC", "DECISIONS", "ARCHITECTURE"].map((name) => name + ".md");
    const offenders: string[] = [];
    for (const file of TEXT_FILES) {
      if (file === THIS_FILE) continue;
      const text = read(file);
      for (const name of outside) if (text.includes(name)) offenders.push(`${file}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });
});
