/**
 * The package as a browser build takes it: esbuild, platform browser, minified ESM, every Node built-in it imports
 * recorded (and left external) so a caller can require there be none. One definition for the package test
 * (test/package: the bundle has no built-in and runs) and the size benchmark (bench/library.ts).
 */
import { builtinModules } from "node:module";
import * as esbuild from "esbuild";

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

export interface BrowserBundle {
  result: esbuild.BuildResult<{ write: false; metafile: true }>;
  /** `importer: specifier` of every Node built-in the bundle imports */
  builtins: string[];
}

/** Bundles `contents` (an ES module whose imports resolve from `dir`) for the browser, minified, not written. */
export async function browserBundle(contents: string, dir: string): Promise<BrowserBundle> {
  const builtins: string[] = [];
  const result = await esbuild.build({
    stdin: { contents, resolveDir: dir, loader: "js" },
    absWorkingDir: dir,
    bundle: true,
    platform: "browser",
    format: "esm",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "node-builtins",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (!args.path.startsWith("node:") && !NODE_BUILTINS.has(args.path)) return undefined;
            builtins.push(`${args.importer}: ${args.path}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return { result, builtins };
}
