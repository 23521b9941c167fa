/**
 * The shape of the project around the engine package (engine/, `swedish-calendar`): the engine stands at the
 * bottom and imports nothing from the rest of the project; the rest imports it only by its package name; nothing in
 * the project imports in a circle; and every place that maps the package name to its sources agrees with the
 * package's own `exports`.
 */

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_ENTRY_POINTS } from "../../build/engine-sources.mjs";
import { coreNamesTaken, writtenCoreSurface, writtenIcsSurface } from "./core-surface.js";

const ROOT = resolve(import.meta.dirname, "../..");
const ENGINE = join(ROOT, "engine");
const pkg = JSON.parse(readFileSync(join(ENGINE, "package.json"), "utf8"));

/** Every module specifier a source file names (static imports and exports, dynamic imports). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/^\s*(\/\/|\*).*$/gm, "");
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm,
  )) {
    found.push(m[1] ?? m[2] ?? m[3]);
  }
  return found;
}

/** The command line's source (package.json `bin`, built by engine/build.mjs as an entry point of its own). */
const CLI_SOURCE = join(
  ENGINE,
  String(pkg.bin["swedish-calendar"])
    .replace(/^\.\/dist\//, "")
    .replace(/\.js$/, ".ts"),
);
/** The command line's own modules (engine/cli/), reached from CLI_SOURCE only. */
const CLI_DIR = CLI_SOURCE.replace(/\.ts$/, "");
const isCli = (file: string) => file === CLI_SOURCE || file.startsWith(CLI_DIR + "/");
const engineFiles = [ENGINE, CLI_DIR].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f)),
);
const projectFiles = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.mts", "*.mjs", "*.astro"],
  { cwd: ROOT, encoding: "utf8" },
)
  .split("\n")
  .filter((f) => f && !f.startsWith("engine/dist/"))
  .map((f) => join(ROOT, f));

describe("the engine package stands at the bottom", () => {
  it("imports nothing outside itself but its declared dependencies (no Node built-ins but in the CLI, no project folder)", () => {
    const allowed = new Set(Object.keys(pkg.dependencies ?? {}));
    const offenders: string[] = [];
    for (const file of engineFiles) {
      for (const spec of specifiers(file)) {
        // a module of the package: a relative path that stays inside engine/ (and out of its build output)
        const target = spec.startsWith(".") ? relative(ENGINE, resolve(dirname(file), spec)) : undefined;
        const inside = target !== undefined && !target.startsWith("..") && !target.startsWith("dist/");
        // the command line runs in Node only, as its own entry point (below): it may use Node's own modules
        const nodeInCli = isCli(file) && spec.startsWith("node:");
        if (!inside && !allowed.has(spec) && !nodeInCli) offenders.push(`${relative(ROOT, file)}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(engineFiles.length).toBeGreaterThan(15);
  });

  it("the rest of the project imports it by its package name only, never by a path into engine/ (a test: the command line's modules)", () => {
    const offenders: string[] = [];
    // the command line is no module of the package (its `bin` only, run as a program): a test that compares its
    // readers and help with the contract's declarations (test/contract/parameters.test.ts) reaches them by path
    const cliModuleFromTest = (file: string, spec: string) =>
      relative(ROOT, file).startsWith("test/") &&
      spec.startsWith(".") &&
      isCli(resolve(dirname(file), spec).replace(/\.js$/, ".ts"));
    // a test fixture that stands in for one of the engine's modules (a module hook swaps it in: the data-diff test's
    // uncorrected Easter) wraps that very module, which only a path reaches (through the package name it would be itself)
    const standIn = (file: string) => relative(ROOT, file).startsWith("test/build/fixtures/");
    // a path that resolves into engine/ (test/engine/ is a folder of tests, not the package)
    const intoEngine = (file: string, spec: string) =>
      spec.startsWith(".") ? resolve(dirname(file), spec).startsWith(ENGINE + "/") : /(^|\/)engine\//.test(spec);
    for (const file of projectFiles) {
      if (file.startsWith(ENGINE + "/")) continue;
      for (const spec of specifiers(file))
        if (intoEngine(file, spec) && !cliModuleFromTest(file, spec) && !standIn(file))
          offenders.push(`${relative(ROOT, file)}: ${spec}`);
    }
    expect(offenders).toEqual([]);
  });

  it("no import cycles anywhere in the project", () => {
    const sourceOf = new Map(ENGINE_ENTRY_POINTS.map(([name, source]: [string, string]) => [name, source]));
    const graph = new Map<string, string[]>();
    for (const file of projectFiles) {
      const edges: string[] = [];
      for (const spec of specifiers(file)) {
        let target: string | undefined;
        if (spec.startsWith("."))
          target = resolve(dirname(file), spec)
            .replace(/\.js$/, ".ts")
            .replace(/\.mjs$/, ".mjs");
        else target = sourceOf.get(spec);
        if (target && (graph.has(target) || projectFiles.includes(target))) edges.push(target);
      }
      graph.set(file, edges);
    }
    // Tarjan's strongly connected components: any component of more than one file (or a self-import) is a cycle
    let index = 0;
    const order = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string) => {
      order.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!order.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
      if (low.get(v) === order.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(relative(ROOT, w));
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!order.has(v)) visit(v);
    expect(cycles).toEqual([]);
    expect(graph.size).toBeGreaterThan(100);
  });

  it("tsconfig.json and site/tsconfig.json map the package name to the same sources as its exports", () => {
    const expected = Object.fromEntries(ENGINE_ENTRY_POINTS.map(([name, source]: [string, string]) => [name, source]));
    for (const config of ["tsconfig.json", "site/tsconfig.json"]) {
      const paths = JSON.parse(readFileSync(join(ROOT, config), "utf8")).compilerOptions.paths as Record<
        string,
        string[]
      >;
      const mapped = Object.fromEntries(
        Object.entries(paths).map(([name, [target]]) => [name, resolve(ROOT, dirname(config), target)]),
      );
      expect(mapped, config).toEqual(expected);
    }
  });

  it("the service's runtime dependencies are each imported by its running code (tests' tools are devDependencies)", () => {
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    // peers: what an imported package needs beside it, never imported by name here
    const PEERS: Record<string, string> = { hono: "@hono/node-server", zod: "@modelcontextprotocol/sdk" };
    const running = projectFiles.filter(
      (f) => !relative(ROOT, f).startsWith("test/") && !relative(ROOT, f).startsWith("bench/"),
    );
    const imported = new Set(
      running
        .flatMap(specifiers)
        .map((spec) => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0])),
    );
    for (const name of Object.keys(root.dependencies)) {
      const needed = imported.has(name) || (PEERS[name] !== undefined && imported.has(PEERS[name]));
      expect(needed, `${name} is a dependency that no running code imports`).toBe(true);
    }
    // the engine is a dependency by path, not a workspace: netlify-cli takes a workspace root with one package for
    // that package's site (docs/architecture.md#netlify-facts, "Deploys and the tooling")
    expect(root.workspaces).toBeUndefined();
    expect(root.dependencies["swedish-calendar"]).toBe("file:engine");
  });
});

describe("the public surface, on purpose", () => {
  const rateLimitGroup = writtenCoreSurface();

  it('swedish-calendar/core is a written list (`export { … } from "./x.js"` lines), not `export *`', () => {
    // any other statement (an `export *`, a declaration of its own) would be listed here
    expect(rateLimitGroup.other).toEqual([]);
    expect(writtenCoreSurface('export * from "./dates.js";\nexport { a } from "./b.js";').other).toEqual([
      'export * from "./dates.js";',
    ]);
    expect(rateLimitGroup.values.length).toBeGreaterThan(50);
    expect(new Set([...rateLimitGroup.values, ...rateLimitGroup.types]).size).toBe(
      rateLimitGroup.values.length + rateLimitGroup.types.length,
    );
  });

  /**
   * Names taken by enumerating the module rather than by name: test/contract/bodies.test.ts checks every RegExp of the
   * grammar (`…_PATTERN`) against its source string (`…_SOURCE`), looked up by a computed name.
   */
  const ENUMERATED = ["LEAVE_DAYS_PATTERN", "LEAVE_DAYS_SOURCE", "YEAR_SOURCE"];

  it("every name on it is taken by the service, the build, the site, a bench or a test, and nothing else is taken", () => {
    const taken = coreNamesTaken();
    const written = [...rateLimitGroup.values, ...rateLimitGroup.types];
    // a name read from a namespace (`core.x`) that core lacks fails typecheck; here: nothing on the list is unused
    expect(written.filter((name) => !taken.has(name) && !ENUMERATED.includes(name))).toEqual([]);
    // each enumerated name is on the list and still not taken by name (else it needs no place here)
    expect(ENUMERATED.filter((name) => !written.includes(name) || taken.has(name))).toEqual([]);
    expect(readFileSync(join(ROOT, "test/contract/bodies.test.ts"), "utf8")).toContain(
      'name.replace(/_PATTERN$/, "_SOURCE")',
    );
    expect(taken.size).toBeGreaterThan(50);
  });

  it("swedish-calendar/ics is a written list too (its own icsFeed, then `export { … }` lines), not `export *`", () => {
    const ics = writtenIcsSurface();
    expect(ics.other).toEqual([]);
    expect(
      writtenIcsSurface('import { a } from "./a.js";\nexport * from "./feed.js";\nexport function f() {}').other,
    ).toEqual(['export * from "./feed.js";']);
    expect(writtenIcsSurface('export { a } from "./a.js";\nexport function f() {}').values).toEqual(["a", "f"]);
    expect(ics.values).toEqual(expect.arrayContaining(["icsFeed", "buildFeed", "feedEvents", "feedCalendarName"]));
    // the line-level internals of the writer are not on it (they are core's, for the cross-check)
    for (const name of ["foldLine", "withCalendarProperties", "FEED_PRODUCT_ID"])
      expect([...ics.values, ...ics.types]).not.toContain(name);
  });

  it("the CLI is its own entry point: built from package.json's bin, imported by no module of the package, exporting nothing", () => {
    const build = readFileSync(join(ENGINE, "build.mjs"), "utf8");
    expect(build).toMatch(/Object\.values\(pkg\.bin\)/);
    expect(readFileSync(CLI_SOURCE, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    // no module of the library reaches the command line or its own modules
    const reachesCli = (file: string, spec: string) =>
      spec.startsWith(".") && isCli(resolve(dirname(file), spec).replace(/\.js$/, ".ts"));
    const importers = engineFiles.filter(
      (file) => !isCli(file) && specifiers(file).some((spec) => reachesCli(file, spec)),
    );
    expect(importers).toEqual([]);
    expect(engineFiles.filter(isCli).length).toBeGreaterThan(1);
    expect(specifiers(CLI_SOURCE).filter((spec) => spec.startsWith("./"))).not.toContain("./core.js");
    expect(readFileSync(CLI_SOURCE, "utf8")).not.toMatch(/^export\s/m);
    // every entry point of `exports` is a library module, none of them the CLI
    for (const [, source] of ENGINE_ENTRY_POINTS as [string, string][]) expect(source).not.toBe(CLI_SOURCE);
  });
});
