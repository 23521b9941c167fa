/**
 * The package as a user gets it: `npm pack` of engine/ (its prepack builds dist/ with tsc), installed from the
 * tarball into a fresh project in the system's temporary folder, outside the repository, so that no workspace link
 * and no file of the repository can stand in for what the tarball holds. It has no runtime dependencies, so
 * nothing else is installed beside it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
export const PACKAGE_DIR = join(ROOT, "engine");
export const BIN = (name: string) => join(ROOT, "node_modules/.bin", name);

/**
 * The environment for a child npm: without the variables an enclosing `npm test` sets (npm_config_*,
 * npm_package_*, npm_lifecycle_*, INIT_CWD), which would point the child at the repository and its workspaces.
 * The cache and registry settings are kept, so that `--prefer-offline` finds what the repository's install fetched.
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  const keep = new Set(["npm_config_cache", "npm_config_registry", "npm_config_userconfig", "npm_config_globalconfig"]);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !keep.has(key.toLowerCase())) continue;
    if (key === "INIT_CWD") continue;
    env[key] = value;
  }
  return {
    ...env,
    NO_COLOR: "1",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

export interface Installed {
  /** the temporary folder (removed by cleanup) */
  temp: string;
  /** the packed tarball */
  tarball: string;
  /** the consumer project; the package is in its node_modules */
  app: string;
  /** node_modules/swedish-calendar of the consumer project */
  installedDir: string;
  /** the files the tarball holds (npm pack --json) */
  files: string[];
  cleanup(): void;
}

export function packAndInstall(): Installed {
  const temp = realpathSync(mkdtempSync(join(tmpdir(), "swedish-calendar-package-")));
  const env = cleanEnv();
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", temp], {
      cwd: PACKAGE_DIR,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  ) as { filename: string; files: { path: string }[] }[];
  const tarball = join(temp, packed[0].filename);
  const app = join(temp, "app");
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }, null, 2),
  );
  execFileSync("npm", ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: app,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return {
    temp,
    tarball,
    app,
    installedDir: join(app, "node_modules", "swedish-calendar"),
    files: packed[0].files.map((f) => f.path).sort(),
    cleanup: () => rmSync(temp, { recursive: true, force: true }),
  };
}
