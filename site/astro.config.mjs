// Astro config of the human-facing site. Sources live in site/; the build goes to
// ../.astro-dist and site/build.ts copies it into public/ beside the generated dataset.

import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { ENGINE_SOURCES } from "../build/engine-sources.mjs";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  srcDir: "./src",
  // Not "public": public/ is the Netlify publish folder, shared with the dataset builder.
  publicDir: "./static",
  outDir: fileURLToPath(new URL("../.astro-dist", import.meta.url)),
  output: "static",
  trailingSlash: "ignore",
  compressHTML: true,
  build: { format: "directory", inlineStylesheets: "always", assets: "_astro" },
  devToolbar: { enabled: false },
  vite: {
    // The pages import the calendar engine by its package name, from its sources in ../engine.
    server: { fs: { allow: [repoRoot] } },
    resolve: { alias: ENGINE_SOURCES },
    logLevel: "warn",
  },
});
