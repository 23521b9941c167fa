/**
 * `npm run build:code`: every Netlify Function (`dist/functions/`) and the standalone server (`dist/server.mjs`), each
 * one ES module with everything it imports, so a cold start parses one file and a production install needs no dev
 * dependency. What a function would compute on its first request is computed here and shipped as data (PRECOMPUTED);
 * the bundles answer the same bytes (test/build/bundle.test.ts). Why: docs/architecture.md#netlify-facts.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type BuildOptions, build, type Metafile, type Plugin } from "esbuild";
import { NOT_FOUND_PAGES } from "../http/not-found-page.js";
import { BUNDLE_INPUTS_FILE, inputsHash, SERVER_BUNDLE_FILE } from "./bundle-state.mjs";
import { readCommandLine } from "./command-line.js";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DIST_DIR = join(ROOT, "dist");
export const FUNCTIONS_SOURCE_DIR = join(ROOT, "functions");
export const FUNCTIONS_BUNDLE_DIR = join(DIST_DIR, "functions");
export const SERVER_BUNDLE = join(ROOT, SERVER_BUNDLE_FILE);
export const BUNDLE_INPUTS = join(ROOT, BUNDLE_INPUTS_FILE);
/** The Node version the bundles are written for (the pinned runtime: .nvmrc, netlify.toml NODE_VERSION). */
export const BUNDLE_TARGET = "node22";

/**
 * Modules evaluated at build time: each export that is data is written as its JSON, each export that is a function
 * of no arguments as a function returning what it returned here. A bundled module importing any other export of
 * them fails the build (esbuild: no matching export), so nothing is dropped silently.
 */
export const PRECOMPUTED = [
  "http/openapi-body.ts",
  "http/mcp-listing.ts",
  "engine/data-version.ts",
  "http/site-pages.ts",
];

/**
 * The files of the built site a bundle holds (the not-found pages, through http/site-pages.ts), relative to
 * the root: recorded apart from the inputs (`site` in dist/bundle-inputs.json), so that a site built after the
 * bundling makes the functions' bundles stale but not the server's, which reads public/ as it is.
 */
export const SITE_FILES = Object.values(NOT_FOUND_PAGES).map((page) => `public${page}`);

/** Node built-ins are imported by ES modules; CommonJS packages inside the bundle still call require(). */
const REQUIRE_BANNER = `import { createRequire as __bundleCreateRequire } from "node:module"; const require = __bundleCreateRequire(import.meta.url);`;

async function precomputedSource(path: string): Promise<string> {
  const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  const lines = [`// evaluated at build time by build/bundle.ts from ${relative(ROOT, path)}`];
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === "function") {
      if (value.length !== 0) continue;
      lines.push(
        `const ${name}Value = ${JSON.stringify((value as () => unknown)())};`,
        `export function ${name}() { return ${name}Value; }`,
      );
    } else if (value !== undefined) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    }
  }
  return lines.join("\n") + "\n";
}

function precomputePlugin(): Plugin {
  const paths = new Set(PRECOMPUTED.map((p) => join(ROOT, p)));
  const cache = new Map<string, Promise<string>>();
  return {
    name: "precompute",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!paths.has(args.path)) return undefined;
        if (!cache.has(args.path)) cache.set(args.path, precomputedSource(args.path));
        return { contents: await cache.get(args.path)!, loader: "js", resolveDir: dirname(args.path) };
      });
    },
  };
}

const COMMON: BuildOptions = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: BUNDLE_TARGET,
  banner: { js: REQUIRE_BANNER },
  // the package's `module`/ESM builds first, as Node would load them
  mainFields: ["module", "main"],
  conditions: ["node", "import"],
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  minifySyntax: true,
  minifyWhitespace: true,
  charset: "utf8",
  tsconfig: join(ROOT, "tsconfig.json"),
};

/** The functions' entry points: functions/<name>.mts. */
export function functionNames(): string[] {
  return readdirSync(FUNCTIONS_SOURCE_DIR)
    .filter((f) => f.endsWith(".mts"))
    .map((f) => f.slice(0, -4))
    .sort();
}

function inputsOf(metafiles: Metafile[]): string[] {
  const files = new Set<string>();
  for (const m of metafiles)
    for (const input of Object.keys(m.inputs)) if (!input.includes("node_modules/")) files.add(input);
  // the lock file stands for every package the bundles took from node_modules
  files.add("package-lock.json");
  return [...files].map((f) => relative(ROOT, resolve(ROOT, f))).sort();
}

/** Each bundle's bytes by origin: a package of node_modules by its name, the project's own files by their path. */
function contentsOf(metafile: Metafile): Record<string, Record<string, number>> {
  const bundles: Record<string, Record<string, number>> = {};
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    const by: Record<string, number> = {};
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const key = pkg ? pkg[1] : relative(ROOT, resolve(ROOT, input));
      by[key] = (by[key] ?? 0) + bytesInOutput;
    }
    const name = output.replace(/^.*\//, "").replace(/\.mjs$/, "");
    bundles[name === "server" ? "server" : name] = Object.fromEntries(Object.entries(by).sort((a, b) => b[1] - a[1]));
  }
  return bundles;
}

/** Puts a folder in place of another; two builds at once (two `npm start`s) leave one of theirs, whole. */
function replaceDirectory(from: string, to: string): void {
  for (let attempt = 0; ; attempt++) {
    rmSync(to, { recursive: true, force: true });
    try {
      renameSync(from, to);
      return;
    } catch (error) {
      if (attempt >= 5 || !["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
  }
}

export interface BundleReport {
  functions: string[];
  server: string;
  inputs: number;
  seconds: number;
}

/** Bundles every function and the server into dist/ (written beside, then renamed into place). */
export async function bundleAll(): Promise<BundleReport> {
  const started = performance.now();
  const names = functionNames();
  const staging = join(DIST_DIR, `.bundle-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, "functions"), { recursive: true });
  const plugins = [precomputePlugin()];
  // hashed before the pages are read into the bundle: a site written meanwhile leaves the bundles stale, not wrong
  const site = { files: SITE_FILES, hash: inputsHash(ROOT, SITE_FILES) };
  try {
    const functions = await build({
      ...COMMON,
      plugins,
      entryPoints: Object.fromEntries(names.map((n) => [n, join(FUNCTIONS_SOURCE_DIR, `${n}.mts`)])),
      outdir: join(staging, "functions"),
      outExtension: { ".js": ".mjs" },
    });
    const server = await build({
      ...COMMON,
      plugins,
      entryPoints: [join(ROOT, "server", "standalone.ts")],
      outfile: join(staging, "server.mjs"),
    });
    // what the precomputed modules were evaluated from (the OpenAPI document's contract/openapi.ts, ...): the bundles
    // hold their results, not their sources, so esbuild's inputs above do not list them
    const precomputed = await build({
      ...COMMON,
      entryPoints: PRECOMPUTED.map((p) => join(ROOT, p)),
      outdir: join(staging, "precomputed"),
      write: false,
    });
    const inputs = inputsOf([functions.metafile!, server.metafile!, precomputed.metafile!]);
    const contents = { ...contentsOf(functions.metafile!), ...contentsOf(server.metafile!) };
    writeFileSync(
      join(staging, "bundle-inputs.json"),
      JSON.stringify({ hash: inputsHash(ROOT, inputs), target: BUNDLE_TARGET, inputs, site, contents }, null, 2) + "\n",
    );
    mkdirSync(DIST_DIR, { recursive: true });
    replaceDirectory(join(staging, "functions"), FUNCTIONS_BUNDLE_DIR);
    renameSync(join(staging, "server.mjs"), SERVER_BUNDLE);
    renameSync(join(staging, "bundle-inputs.json"), BUNDLE_INPUTS);
    return {
      functions: names,
      server: relative(ROOT, SERVER_BUNDLE),
      inputs: inputs.length,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { quiet } = readCommandLine(
    "bundle",
    "tsx build/bundle.ts [--quiet]",
    () => parseArgs({ options: { quiet: { type: "boolean" } }, strict: true, allowPositionals: false }).values,
  );
  const report = await bundleAll();
  if (!quiet) {
    console.log(
      `bundled ${report.functions.length} functions (${report.functions.join(", ")}) and ${report.server} from ${report.inputs} files in ${report.seconds.toFixed(1)} s`,
    );
  }
}
