/**
 * The base image of the container test (./container.test.ts), made from the npm registry and the machine's own files,
 * and the commands it runs with.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { ROOT } from "./server.js";

/** How this test's base image is made: a change here rebuilds a kept one. */
export const BASE_RECIPE = "1";
export const BASE_LABEL = "swedish-calendar.test-base";
/** npm's major in the base image: the one Node 22 ships with */
const NPM_MAJOR = 10;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to its end (no shell), with a time limit; never throws. */
export function run(file: string, args: string[], options: { timeoutMs?: number; cwd?: string } = {}): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout = (stdout + d).slice(-200_000)));
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-200_000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr + String(error), ms: performance.now() - started });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

export const tail = (text: string, lines = 40) => text.trim().split("\n").slice(-lines).join("\n");

/** The base image the Dockerfile builds on (its `ARG NODE_IMAGE=` default), and the Node major it names. */
export function dockerfileBase(): { name: string; fullName: string; major: string } {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  const name = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
  if (!name) throw new Error("the Dockerfile has no ARG NODE_IMAGE=... line");
  const major = /^node:(\d+)/.exec(name)?.[1];
  if (!major) throw new Error(`the Dockerfile's base image ${name} is not node:<major>...`);
  return { name, fullName: `docker.io/library/${name}`, major };
}

/** Why no container can run here, found without starting one (undefined: try). */
export function cheapReasonToSkip(): string | undefined {
  if (process.env.E2E === "off") return "E2E=off";
  if (process.platform !== "linux")
    return `the base image is made from the npm registry's node-linux-* packages: not on ${process.platform}`;
  if (process.arch !== "x64" && process.arch !== "arm64")
    return `no node-linux-* package in the npm registry for ${process.arch}`;
  const version = spawnSync("podman", ["--version"], { encoding: "utf8" });
  if (version.error || version.status !== 0) return "podman is not installed (apt-get install podman)";
  const info = spawnSync("podman", ["info", "--format", "{{.Host.OCIRuntime.Name}}"], {
    encoding: "utf8",
    timeout: 60_000,
  });
  if (info.status !== 0) return `podman info fails: ${tail(info.stderr || String(info.error), 3)}`;
  return undefined;
}

/** The shared libraries a binary loads, by absolute path (ldd). */
function librariesOf(binary: string): string[] {
  const out = spawnSync("ldd", [binary], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(`ldd ${binary}: ${out.stderr}`);
  return [...out.stdout.matchAll(/(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
}

/** The machine's CA bundle, the one its npm and Node are told to trust, when there is one. */
function machineCaBundle(): string | undefined {
  const candidates = [
    process.env.NODE_EXTRA_CA_CERTS,
    process.env.npm_config_cafile,
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
  ];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/**
 * Makes the base image: Node and npm from the npm registry, the machine's libraries, a shell, the user node. Throws
 * (the caller skips) when the packages cannot be fetched.
 */
export async function buildBaseImage(
  base: { fullName: string; major: string },
  podman: (args: string[], timeoutMs?: number) => Promise<Run>,
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "container-base-"));
  try {
    const arch = process.arch === "arm64" ? "arm64" : "x64";
    const packs: Record<string, string> = {};
    for (const spec of [`node-linux-${arch}@${base.major}`, `npm@${NPM_MAJOR}`]) {
      const dir = join(work, spec.split("@")[0]!);
      mkdirSync(dir);
      const packed = await run("npm", ["pack", "--loglevel=error", "--pack-destination", dir, spec], {
        timeoutMs: 300_000,
      });
      const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
      if (packed.code !== 0 || !tarball) throw new Error(`npm pack ${spec} failed: ${tail(packed.stderr, 5)}`);
      const unpacked = await run("tar", ["-xzf", join(dir, tarball), "-C", dir, "--strip-components=1"]);
      if (unpacked.code !== 0) throw new Error(`tar -xzf ${tarball}: ${unpacked.stderr}`);
      rmSync(join(dir, tarball));
      packs[spec.split("@")[0]!] = dir;
    }
    const nodeDir = packs[`node-linux-${arch}`]!;
    const version = (await run(join(nodeDir, "bin", "node"), ["-v"])).stdout.trim().replace(/^v/, "");

    const rootfs = join(work, "rootfs");
    const put = (from: string, to: string, mode = 0o755) => {
      mkdirSync(dirname(join(rootfs, to)), { recursive: true });
      copyFileSync(from, join(rootfs, to));
      chmodSync(join(rootfs, to), mode);
    };
    put(join(nodeDir, "bin", "node"), "/usr/local/bin/node");
    const npmDir = join(rootfs, "usr/local/lib/node_modules/npm");
    mkdirSync(dirname(npmDir), { recursive: true });
    const moved = await run("cp", ["-a", packs.npm!, npmDir]);
    if (moved.code !== 0) throw new Error(`cp npm: ${moved.stderr}`);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", join(rootfs, "usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", join(rootfs, "usr/local/bin/npx"));
    // npm runs scripts with sh -c; package binaries start with #!/usr/bin/env node
    const sh = realpathSync(spawnSync("sh", ["-c", "command -v sh"], { encoding: "utf8" }).stdout.trim());
    const env = realpathSync(spawnSync("sh", ["-c", "command -v env"], { encoding: "utf8" }).stdout.trim());
    put(sh, "/bin/sh");
    put(env, "/usr/bin/env");
    // what the binaries link, at the paths the loader looks in, and the rest of the C library (the official image
    // has it all: native addons such as Rollup's load librt)
    const libraries = new Set([join(nodeDir, "bin", "node"), sh, env].flatMap(librariesOf));
    const libc = [...libraries].find((l) => basename(l) === "libc.so.6");
    if (libc) {
      for (const name of readdirSync(dirname(libc))) {
        if (
          /^(ld-linux[^/]*\.so\.\d+|lib(c|m|dl|rt|pthread|resolv|util|anl|mvec|nss_files|nss_dns)\.so\.\d+)$/.test(name)
        )
          libraries.add(join(dirname(libc), name));
      }
    }
    for (const library of libraries) put(library, library);
    mkdirSync(join(rootfs, "etc"), { recursive: true });
    writeFileSync(join(rootfs, "etc/passwd"), "root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n");
    writeFileSync(join(rootfs, "etc/group"), "root:x:0:\nnode:x:1000:\n");
    for (const dir of ["tmp", "root", "home/node"]) mkdirSync(join(rootfs, dir), { recursive: true });
    chmodSync(join(rootfs, "tmp"), 0o1777);
    try {
      chownSync(join(rootfs, "home/node"), 1000, 1000);
    } catch {
      /* not root: the home folder stays root's (nothing here writes to it) */
    }
    const ca = machineCaBundle();
    if (ca) put(ca, "/etc/ssl/certs/ca-certificates.crt", 0o644);
    writeFileSync(
      join(work, "Containerfile"),
      [
        "FROM scratch",
        "COPY rootfs/ /",
        `ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin NODE_VERSION=${version}${ca ? " NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" : ""}`,
        `LABEL ${BASE_LABEL}=${BASE_RECIPE}`,
        'CMD ["node"]',
        "",
      ].join("\n"),
    );
    const built = await podman(["build", "--format", "docker", "--layers=false", "-t", base.fullName, work], 300_000);
    if (built.code !== 0) throw new Error(`building the base image failed:\n${tail(built.stderr + built.stdout)}`);
    console.log(
      `base image ${base.fullName}: Node ${version} and npm ${NPM_MAJOR} from the npm registry, built in ${(built.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
