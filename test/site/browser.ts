/**
 * Headless Chromium for the site tests: the fixture-server suite (test/site/site.test.ts) and the one against the
 * real server (test/e2e/site.e2e.test.ts) launch it the same way and share the page helpers (with the readings of
 * ./page-readings.ts, re-exported here).
 *
 * Which Chromium (findChromium), first match wins:
 *   1. CHROMIUM_PATH, if set;
 *   2. the system's: /usr/bin/chromium (Debian), else `chromium` or `chromium-browser` on PATH;
 *   3. the headless Chromium inside the `@sparticuz/chromium` devDependency (pinned to 147.0.0, the last release for
 *      Node 20), unpacked into the temp folder (os.tmpdir()/chromium) on first use, so no machine needs a browser.
 * CHROMIUM=packaged skips 1 and 2 and always uses the packaged one (to see what a machine without Chromium sees).
 * Each test process prints once which one it uses, e.g. `site tests: Chromium 147.0.7727.0 (packaged, /tmp/chromium)`.
 * The suites never skip: if that Chromium does not start, they fail.
 */
import { execFileSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { ROUTE_BY_ID, type RouteId, STATIC_ONLY_FILES } from "../../contract/routes.js";
import { fillFile } from "../../contract/static.js";

export * from "./page-readings.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
/**
 * The same flags for every Chromium. The packaged one needs none beyond these: its own `chromium.args` are for AWS
 * Lambda and are not used. `--single-process` there breaks Playwright's second browser context ("Target page,
 * context or browser has been closed"), its `--disable-features` replaces Playwright's, and `--disable-web-security`
 * / `--allow-running-insecure-content` would hide the CORS and mixed-content mistakes these tests should catch.
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface FoundChromium {
  executablePath: string;
  source: "CHROMIUM_PATH" | "system" | "packaged";
  /** As `--version` reports it, e.g. "147.0.7727.0". */
  version: string;
  /** Environment the launch adds (the packaged Chromium's fonts, and its libraries if the machine lacks them). */
  env?: Record<string, string>;
}

let found: Promise<FoundChromium> | undefined;

/** The Chromium the site tests use (looked up once per process; see the header comment for the order). */
export function findChromium(): Promise<FoundChromium> {
  found ??= locateChromium();
  return found;
}

async function locateChromium(): Promise<FoundChromium> {
  const choice = process.env.CHROMIUM;
  if (choice && choice !== "packaged") {
    throw new Error(
      `CHROMIUM=${choice} is not understood: set CHROMIUM=packaged to use the packaged Chromium, or leave it unset.`,
    );
  }
  if (choice !== "packaged") {
    const fromEnv = process.env.CHROMIUM_PATH;
    if (fromEnv) {
      if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is ${fromEnv}, which does not exist.`);
      return { executablePath: fromEnv, source: "CHROMIUM_PATH", version: versionOrUnknown(fromEnv) };
    }
    const system = [
      "/usr/bin/chromium",
      ...(process.env.PATH ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .flatMap((dir) => ["chromium", "chromium-browser"].map((name) => path.join(dir, name))),
    ].find(isExecutableFile);
    if (system) return { executablePath: system, source: "system", version: versionOrUnknown(system) };
  }
  return packagedChromium();
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `chromium --version` → "147.0.7727.0"; throws with Chromium's own message if it cannot run. */
function versionOf(executablePath: string, env: Record<string, string> = {}): string {
  try {
    const output = execFileSync(executablePath, ["--version"], {
      encoding: "utf8",
      timeout: 30_000,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    return /\d+(?:\.\d+)+/.exec(output)?.[0] ?? output.trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    throw new Error(stderr || (error as Error).message);
  }
}

function versionOrUnknown(executablePath: string): string {
  try {
    return versionOf(executablePath);
  } catch {
    return "(version unknown)"; // the launch will say what is wrong
  }
}

/**
 * The packaged Chromium. `executablePath()` unpacks chromium, fonts/ and the SwiftShader libraries into the temp
 * folder unless `chromium` is already there, so: test processes in parallel take turns (a lock directory), and a
 * copy left half-unpacked by an interrupted run (it exists but does not start) is unpacked again once.
 */
async function packagedChromium(): Promise<FoundChromium> {
  const { default: packaged } = await import("@sparticuz/chromium");
  return withUnpackLock(async () => {
    for (let attempt = 1; ; attempt++) {
      const executablePath = await packaged.executablePath();
      try {
        const env = { FONTCONFIG_FILE: fontConfigFile() };
        let version: string;
        try {
          version = versionOf(executablePath, env);
        } catch (error) {
          if (!/error while loading shared libraries/.test((error as Error).message)) throw error;
          // The binary links NSS, NSPR and expat. A machine without them (e.g. node:20-slim) gets the copies the
          // package ships for Amazon Linux 2023 (bin/al2023.tar.br), as the package itself does on Lambda.
          Object.assign(env, {
            LD_LIBRARY_PATH: [packagedLibraries(), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
          });
          version = versionOf(executablePath, env);
        }
        return { executablePath, source: "packaged", version, env };
      } catch (error) {
        if (attempt > 1)
          throw new Error(`The packaged Chromium (${executablePath}) does not start: ${(error as Error).message}`);
        rmSync(executablePath, { force: true });
        rmSync(path.join(tmpdir(), "fonts"), { recursive: true, force: true });
      }
    }
  });
}

async function withUnpackLock<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), "chromium.unpacking");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true }); // its owner died
    } catch {
      /* released meanwhile */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Fonts for the packaged Chromium. A machine without fonts renders every letter as a box, and no installed npm
 * package carries a text font (playwright-core's only .ttf is an icon font). @sparticuz/chromium ships Open Sans
 * (Latin, so å ä ö; no arrows, no monospace) and unpacks it to <tmp>/fonts/fonts; its own fonts.conf lists only
 * Lambda folders. This fontconfig file (FONTCONFIG_FILE, for the Chromium process only) takes the system's font
 * setup when there is one, so the packaged Chromium draws what the system's would, and adds Open Sans, so text is
 * readable on a machine with no fonts at all.
 */
function fontConfigFile(): string {
  const dir = path.join(tmpdir(), "site-tests-fontconfig");
  const file = path.join(dir, "fonts.conf");
  const xml = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(tmpdir(), "fonts", "fonts")}</dir>
  <cachedir>${path.join(dir, "cache")}</cachedir>
</fontconfig>
`;
  if (!existsSync(path.join(tmpdir(), "fonts", "fonts"))) throw new Error("its fonts were not unpacked");
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file) || readFileSync(file, "utf8") !== xml) writeFileSync(file, xml);
  return file;
}

/** Unpacks the package's bin/al2023.tar.br (a tar of lib/*.so) to <tmp>/al2023 once; returns the lib folder. */
function packagedLibraries(): string {
  const target = path.join(tmpdir(), "al2023");
  const lib = path.join(target, "lib");
  if (existsSync(lib)) return lib;
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..", "..", "bin");
  const tar = brotliDecompressSync(readFileSync(path.join(bin, "al2023.tar.br")));
  const partial = `${target}.${process.pid}`;
  for (let at = 0; at + 512 <= tar.length; ) {
    const field = (from: number, length: number) =>
      tar.toString("utf8", at + from, at + from + length).replace(/\0.*$/s, "");
    const name = field(0, 100);
    if (!name) break;
    const size = parseInt(field(124, 12).trim() || "0", 8);
    if (["0", ""].includes(field(156, 1))) {
      mkdirSync(path.dirname(path.join(partial, name)), { recursive: true });
      writeFileSync(path.join(partial, name), tar.subarray(at + 512, at + 512 + size), { mode: 0o755 });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  renameSync(partial, target);
  return lib;
}

const ANNOUNCED = Symbol.for("swedish-calendar.site-tests.chromium-announced");

/** Launches headless Chromium (and makes sure the screenshot folder exists). */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, source, version, env } = await findChromium();
  const marks = globalThis as { [ANNOUNCED]?: boolean };
  if (!marks[ANNOUNCED]) {
    marks[ANNOUNCED] = true;
    console.log(`site tests: Chromium ${version} (${source}, ${executablePath})`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const launchEnv = env
    ? Object.fromEntries(
        Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      )
    : undefined;
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, env: launchEnv });
}

export type ContextOptions = Parameters<Browser["newContext"]>[0];

/**
 * Opens `origin + urlPath` in a fresh context (1280×900 unless the options say otherwise) and waits for the
 * network to go quiet. Script errors and console errors go to `errors`; failed requests (the calculators' 400s
 * on purpose) are not script errors. `watch` may add its own listeners to the page before it loads.
 */
export async function openPage(
  browser: Browser,
  origin: string,
  urlPath: string,
  errors: string[],
  options: ContextOptions = {},
  watch?: (page: Page) => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${urlPath}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(`${urlPath}: console: ${message.text()}`);
  });
  watch?.(page);
  await page.goto(origin + urlPath, { waitUntil: "networkidle" });
  return { context, page };
}

/**
 * A dataset file's path as the route table writes it (a route's `static.file`, its default variant, or a static-only
 * file), e.g. datasetPath("holidays", { year: 2024 }) is /v3/data/2024/holidays.json: where the home page reads it.
 */
export function datasetPath(
  file: RouteId | keyof typeof STATIC_ONLY_FILES,
  values: Record<string, string | number> = {},
): string {
  if (file in STATIC_ONLY_FILES)
    return fillFile({ file: STATIC_ONLY_FILES[file as keyof typeof STATIC_ONLY_FILES].file }, values);
  const answer = ROUTE_BY_ID[file as RouteId].static;
  if (!answer) throw new Error(`route ${file} has no dataset file`);
  return fillFile(answer, values);
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core's violations on the page as it is now (injected from its package; every rule axe runs by default), one
 * line each: in the whole document, or only in the element `scope` selects (axe still reads the whole page, e.g. for
 * duplicate ids and contrast against what lies behind).
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document | { include: string[] }): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(selector ? { include: [selector] } : document)).violations;
  }, scope);
  return found.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
  );
}

/** A screenshot into test-results/screenshots/<name>.png: the full page, or only the viewport (for very long pages). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
