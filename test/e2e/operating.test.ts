/**
 * Operating the standalone server: its log and its metrics, over real HTTP against real processes.
 *   - every line on stdout is one JSON object with time, level and msg; each request has an access line whose status
 *     and bytes are the response's (method, path, duration, the counted client, route, source, worker);
 *     LOG_QUERIES=off keeps a query's names without its values; LOG_LEVEL=warn writes no access lines; LOG_FORMAT=pretty
 *     writes text; a value the server cannot read stops the start with one line naming it;
 *   - with an output nobody reads (a full pipe), the server answers on and stops on SIGTERM;
 *   - /metrics from loopback is the Prometheus text format (read by a real parser) whose request counter is what the
 *     test sent, with the limiter's decisions and the cached answers; from an address not allowed it does not exist
 *     (404); never rate-limited, never cached; with two workers it counts both.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { afterEach, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS } from "../../contract/policies.js";
import { rawRequest, SOCKET_REFUSALS } from "./raw-http.js";
import { choosePort, failedStart, ROOT, type RunningServer, sleep, startServer } from "./server.js";

const SKIP = process.env.E2E === "off";

/** The metrics as a real Prometheus text parser reads them. */
async function scrape(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; families: Map<string, Family>; text: string; response: Response }> {
  const response = await fetch(`${base}/metrics`, { headers });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, families: new Map(), text, response };
  const families = parsePrometheusTextFormat(text);
  return { status: response.status, families: new Map(families.map((f) => [f.name, f])), text, response };
}

/**
 * A histogram's observations with these labels, from its `_count` samples (the parser keeps a labelled histogram's
 * rate-limit groups but drops its labels and count).
 */
function histogramCount(text: string, name: string, where: (labels: Record<string, string>) => boolean): number {
  let count = 0;
  for (const match of text.matchAll(new RegExp(`^${name}_count\\{([^}]*)\\} (\\S+)$`, "gm"))) {
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (where(labels)) count += Number(match[2]);
  }
  return count;
}

const total = (family: Family | undefined, where: (labels: Record<string, string>) => boolean = () => true): number =>
  (family?.metrics ?? [])
    .filter((m) => where(m.labels ?? {}))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);

interface Sent {
  method: string;
  target: string;
  status: number;
  bytes: number;
}

/** One request, its status and the bytes of the body received. */
async function send(base: string, target: string, init: RequestInit = {}): Promise<Sent> {
  const response = await fetch(base + target, init);
  const body = new Uint8Array(await response.arrayBuffer());
  return { method: init.method ?? "GET", target, status: response.status, bytes: body.byteLength };
}

/** The JSON lines of a server's output (every line must be one). */
function linesOf(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

/** Waits until `count` access lines of `route` from `client` are in the output (the start's /health probes are others). */
async function accessLines(
  server: RunningServer,
  client: string,
  count: number,
  route?: string,
): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = linesOf(server.output()).filter(
      (l) => l.client === client && l.method !== undefined && (route === undefined || l.route === route),
    );
    if (lines.length >= count || Date.now() > deadline) return lines;
    await sleep(50);
  }
}

describe.skipIf(SKIP)("the log and the metrics of the standalone server", () => {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop();
  });
  const start = async (env: Record<string, string | undefined>, preferred: number) => {
    const server = await startServer({
      port: await choosePort(preferred),
      build: false,
      env: { RATE_LIMITS: undefined, LOG_FORMAT: undefined, LOG_LEVEL: undefined, LOG_QUERIES: undefined, ...env },
    });
    servers.push(server);
    return server;
  };

  it("one JSON line per event; an access line per request with the response's status and bytes; metrics that count what was sent", async () => {
    const server = await start({ TRUST_PROXY: "loopback", METRICS_ALLOW: "203.0.113.0/24" }, 9300);
    const base = server.baseUrl;
    const client = "198.51.100.77";
    const as = { "X-Forwarded-For": client };
    const sent: Sent[] = [];
    const shift = `${PATHS.shift}?date=2024-03-01&add=5d`;
    // computed, then its repeats
    for (let i = 0; i < 3; i++) sent.push(await send(base, shift, { headers: as }));
    // a computed answer (never a dataset file): HEAD, GET, then a conditional GET (304)
    const again = `${PATHS.shift}?date=2024-03-01&add=7d`;
    sent.push(await send(base, again, { method: "HEAD", headers: as }));
    const etag = (await fetch(base + again, { headers: as })).headers.get("etag")!;
    sent.push({ method: "GET", target: again, status: 200, bytes: -1 }); // the request above (its body not read here)
    sent.push(await send(base, again, { headers: as }));
    sent.push(await send(base, again, { headers: { ...as, "If-None-Match": etag } }));
    sent.push(await send(base, "/v3/no-such-thing", { headers: as }));
    sent.push(await send(base, `${PATHS.shift}?date=2024-02-30&add=1d`, { headers: as }));
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200, 304, 404, 400]);

    const lines = await accessLines(server, client, sent.length);
    expect(lines).toHaveLength(sent.length);
    // every line of the whole output is JSON with a time, a level and a message
    for (const line of linesOf(server.output())) {
      expect(new Date(line.time as string).toISOString()).toBe(line.time);
      expect(["debug", "info", "warn", "error"]).toContain(line.level);
      expect(typeof line.msg).toBe("string");
    }
    lines.forEach((line, i) => {
      const s = sent[i]!;
      expect(line).toMatchObject({
        level: "info",
        method: s.method,
        path: s.target,
        status: s.status,
        client,
        worker: 1,
      });
      if (s.bytes >= 0) expect(line.bytes, `${s.method} ${s.target}`).toBe(s.bytes);
      expect(typeof line.ms).toBe("number");
    });
    // a target's 200 is cached from its second GET on (answers.ts: asked for once, remembered; twice, kept); a HEAD
    // does not count as asked for
    expect(lines.map((l) => l.route)).toEqual([
      "shift",
      "shift",
      "shift",
      "shift",
      "shift",
      "shift",
      "shift",
      "-",
      "shift",
    ]);
    expect(lines.map((l) => l.source)).toEqual([
      "computed",
      "computed",
      "kept",
      "computed",
      "computed",
      "computed",
      "kept",
      "computed",
      "computed",
    ]);
    expect(lines[3]!.bytes).toBe(0); // HEAD
    expect(lines[6]!.bytes).toBe(0); // 304

    // over the v3 limit from another address: 10 admitted, 2 refused
    const other = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(base, `${PATHS.shift}?date=2024-03-01&add=${10 + i}d`, {
          headers: { "X-Forwarded-For": "198.51.100.78" },
        }),
      ),
    );
    expect(other.filter((s) => s.status === 429)).toHaveLength(2);

    const { status, families, text, response } = await scrape(base);
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // the requests the test sent (the start's /health probes and the scrape itself apart)
    const requests = families.get("http_requests_total");
    expect(total(requests, (l) => l.route !== "health" && l.route !== "metrics")).toBe(sent.length + other.length);
    expect(total(requests, (l) => l.route === "shift" && l.status === "429")).toBe(2);
    expect(total(requests, (l) => l.source === "kept")).toBe(2);
    expect(families.get("http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(histogramCount(text, "http_request_duration_seconds", (l) => l.route === "shift")).toBe(3 + 4 + 1 + 12);
    const decisions = families.get("rate_limit_decisions_total");
    expect(total(decisions, (l) => l.surface === "v3" && l.decision === "refused")).toBe(2);
    expect(total(decisions, (l) => l.surface === "v3" && l.decision === "admitted")).toBeGreaterThanOrEqual(
      RATE_LIMITS.v3.limit,
    );
    expect(total(decisions, (l) => l.decision === "failed_open")).toBe(0);
    expect(total(families.get("kept_answers"))).toBeGreaterThanOrEqual(2);
    expect(total(families.get("kept_answer_hits_total"))).toBe(2);
    expect(families.get("nodejs_eventloop_lag_seconds")?.type).toBe("GAUGE");
    expect(total(families.get("process_resident_memory_bytes"))).toBeGreaterThan(10_000_000);

    // from an address that may not read it, the path does not exist; from METRICS_ALLOW's, it does
    const refused = await fetch(`${base}/metrics`, { headers: { "X-Forwarded-For": "192.0.2.5" } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect((await scrape(base, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(200);
    // never rate-limited
    const scrapes = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${base}/metrics`).then((r) => {
          r.body?.cancel();
          return r.status;
        }),
      ),
    );
    expect(scrapes.every((s) => s === 200)).toBe(true);
  }, 90_000);

  it("LOG_QUERIES=off: access lines keep a query's names, not its values; LOG_LEVEL=warn: no access lines", async () => {
    const quiet = await start({ LOG_QUERIES: "off" }, 9310);
    await send(quiet.baseUrl, `${PATHS.shift}?date=2024-03-01&add=5d`);
    const [line] = await accessLines(quiet, "::ffff:127.0.0.1", 1, "shift");
    expect(line?.path).toBe(`${PATHS.shift}?date=&add=`);
    expect(quiet.output()).not.toContain("2024-03-01");

    const warnOnly = await start({ LOG_LEVEL: "warn" }, 9320);
    for (let i = 0; i < 5; i++) await send(warnOnly.baseUrl, `${PATHS.shift}?date=2024-03-01&add=${i}d`);
    await sleep(300);
    expect(linesOf(warnOnly.output()).filter((l) => l.method !== undefined)).toEqual([]);
  }, 60_000);

  it("LOG_FORMAT=pretty writes text for a terminal", async () => {
    const pretty = await start({ LOG_FORMAT: "pretty" }, 9330);
    await send(pretty.baseUrl, `${PATHS.shift}?date=2024-03-01&add=5d`);
    // access lines are written in chunks, at most 100 ms later
    for (const deadline = Date.now() + 5000; !/GET \/v3\/shift/.test(pretty.output()) && Date.now() < deadline; )
      await sleep(50);
    const lines = pretty
      .output()
      .split("\n")
      .filter((l) => l.includes("Swedish Calendar Service on"));
    expect(lines).toHaveLength(1);
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(lines[0]).toMatch(/INFO/);
    expect(pretty.output()).toMatch(/GET \/v3\/shift\?date=2024-03-01&add=5d 200/);
  }, 60_000);

  it.each([
    ["LOG_LEVEL", "loud"],
    ["LOG_FORMAT", "xml"],
    ["LOG_QUERIES", "maybe"],
    ["METRICS_ALLOW", "10.0.0.0/33"],
  ])(
    "%s=%s stops the start with one line naming it",
    async (name, value) => {
      const { code, lines } = await failedStart({ PORT: String(await choosePort(9340)), [name]: value });
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(name);
      expect(lines[0]).toContain(value);
    },
    30_000,
  );

  it("with an output nobody reads (a full pipe), every request is answered and SIGTERM still stops it", async () => {
    const port = await choosePort(9350);
    // stdout is a pipe this test never reads: after a few hundred access lines it is full
    const child = spawn(process.execPath, [join(ROOT, "server", "start.mjs"), "--no-build"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), RATE_LIMITS: "off", LOG_FORMAT: "json" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    child.stdout!.pause();
    try {
      const base = `http://localhost:${port}`;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const up = await fetch(`${base}/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (up === 200) break;
        await sleep(100);
      }
      // a long path makes each access line about 2 KB: 3000 of them are far more than a pipe holds
      const long = "x".repeat(1800);
      let answered = 0;
      for (let round = 0; round < 150; round++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            fetch(`${base}${PATHS.shift}?date=2024-03-01&add=${(round * 20 + i) % 300}d&pad=${long}`).then((r) => {
              r.body?.cancel();
              return r.status;
            }),
          ),
        );
        answered += statuses.filter((s) => s === 200 || s === 400).length;
      }
      expect(answered).toBe(3000);
      expect((await fetch(`${base}/v3/days/2024-06-21`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      const sentAt = Date.now();
      child.kill("SIGTERM");
      expect(await Promise.race([exited, sleep(3000).then(() => "still running")])).toBe(0);
      expect(Date.now() - sentAt).toBeLessThan(3000);
    } finally {
      child.kill("SIGKILL");
    }
  }, 120_000);

  it("WORKERS=2: /metrics counts the requests both workers answered; each access line says which worker", async () => {
    const server = await start({ WORKERS: "2" }, 9360);
    // concurrent requests open several connections, which the primary hands to the workers in turn
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(server.baseUrl, `${PATHS.shift}?date=2024-03-01&add=${i}d`)),
    );
    expect(sent.every((s) => s.status === 200)).toBe(true);
    const lines = await accessLines(server, "::ffff:127.0.0.1", 8, "shift");
    expect(lines).toHaveLength(8);
    expect([...new Set(lines.map((l) => l.worker))].sort()).toEqual([1, 2]);
    const { families } = await scrape(server.baseUrl);
    expect(total(families.get("http_requests_total"), (l) => l.route === "shift")).toBe(8);
    expect(
      total(families.get("rate_limit_decisions_total"), (l) => l.surface === "v3" && l.decision === "admitted"),
    ).toBe(8);
    // refusals below the HTTP layer, on both workers' sockets, are counted in the whole server's answer too
    const badMethod = SOCKET_REFUSALS.find((r) => r.name === "bad-method")!;
    const refused = await Promise.all(Array.from({ length: 6 }, () => rawRequest(server.baseUrl, badMethod.bytes)));
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(badMethod.status));
    const after = (await scrape(server.baseUrl)).families;
    expect(
      total(after.get("http_requests_total"), (l) => l.source === "refused" && l.status === String(badMethod.status)),
    ).toBe(6);
    const timeouts = after.get("http_connection_timeouts_total");
    expect((timeouts?.metrics ?? []).map((m) => m.labels?.answered).sort()).toEqual(["false", "true"]);
  }, 90_000);
});
