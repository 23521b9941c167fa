/**
 * The parts of the log and the metrics that need no process of their own (test/e2e/operating.test.ts runs them in
 * real processes):
 *   - the log's settings: defaults (pretty only on a terminal), every accepted value, a problem naming the variable;
 *   - an access line without query values keeps the parameter names, in order;
 *   - an access line (written by hand, not by pino) is the line pino writes for the same fields: same keys in the same
 *     order, same values, any text in the target, client or grant escaped;
 *   - who may read /metrics: loopback (IPv4, IPv6, IPv4-mapped) and METRICS_ALLOW's ranges, nobody else;
 *   - a limiter store that fails: its requests are admitted and counted as failed_open (in-process server, real HTTP);
 *   - the access lines of a server given a logger: one JSON object per request, its status and bytes the response's;
 *   - a request the socket guard refuses below the HTTP layer: one access line with its status and reason, one count in
 *     http_requests_total, and a 408 one in http_connection_timeouts_total.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS } from "../../contract/policies.js";
import { type AccessLine, accessJson, createLogger, LOG_LEVELS, logSettingsOf } from "../../server/log.js";
import { isMetricsTarget, metricsAllowOf } from "../../server/metrics.js";
import { withoutQueryValues } from "../../server/observe.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { rawRequest, SOCKET_REFUSALS } from "../e2e/raw-http.js";

const publicDir = mkdtempSync(join(tmpdir(), "observability-"));
const servers: StandaloneServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close(0);
  rmSync(publicDir, { recursive: true, force: true });
});

describe("the log's settings", () => {
  it("defaults: JSON unless stdout is a terminal, info, query values shown", () => {
    expect(logSettingsOf({}, false)).toEqual({ format: "json", level: "info", queries: true });
    expect(logSettingsOf({}, true)).toEqual({ format: "pretty", level: "info", queries: true });
    expect(logSettingsOf({ LOG_FORMAT: "json" }, true)).toEqual({ format: "json", level: "info", queries: true });
    expect(logSettingsOf({ LOG_FORMAT: "pretty", LOG_LEVEL: "warn", LOG_QUERIES: "off" }, false)).toEqual({
      format: "pretty",
      level: "warn",
      queries: false,
    });
    for (const level of LOG_LEVELS) expect(logSettingsOf({ LOG_LEVEL: level }, false)).toMatchObject({ level });
  });

  it.each([
    ["LOG_FORMAT", "JSON"],
    ["LOG_LEVEL", "verbose"],
    ["LOG_QUERIES", "false"],
  ])("%s=%s is a problem naming the variable and the value", (name, value) => {
    const settings = logSettingsOf({ [name]: value }, false);
    expect("problem" in settings && settings.problem).toContain(name);
    expect("problem" in settings && settings.problem).toContain(JSON.stringify(value));
  });
});

describe("an access line as pino would write it", () => {
  const lines: AccessLine[] = [
    {
      method: "GET",
      path: "/v3/shift?date=2024-03-01&add=5d",
      status: 200,
      bytes: 120,
      ms: 0.412,
      client: "::ffff:127.0.0.1",
      route: "shift",
      source: "computed",
    },
    {
      method: "-",
      path: '/x?q="\\\n\u0001\u2028å\ud800',
      status: 0,
      bytes: 0,
      ms: 12,
      client: '"evil"\r\n',
      route: "-",
      source: "refused",
      aborted: true,
      reason: "head-timeout",
      granted: 'partner "A"\t',
    },
    {
      method: "HEAD",
      path: "/v3/holidays",
      status: 304,
      bytes: 0,
      ms: 1.5,
      client: "10.0.0.1",
      route: "holidays",
      source: "kept",
      granted: "#2",
    },
  ];
  const byPino = (line: AccessLine, worker?: number): string => {
    let written = "";
    const logger = pino(
      {
        base: worker === undefined ? undefined : { worker },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      { write: (s: string) => (written = s) },
    );
    logger.info(line, `${line.method} ${line.path} ${line.status}`);
    return written;
  };
  const withoutTime = (text: string) => text.replace(/"time":"[^"]+"/, '"time":""');

  it.each(lines.map((l) => [l.path, l] as const))("%s: the same text, key order and values", (_path, line) => {
    for (const worker of [undefined, 3]) {
      const written: string[] = [];
      createLogger(
        { format: "json", level: "info", queries: true },
        { worker, destination: { write: (s: string) => written.push(s) } },
      ).access(line);
      expect(written).toHaveLength(1);
      const ours = written[0]!;
      expect(ours.endsWith("\n")).toBe(true);
      const parsed = (text: string) => ({ ...(JSON.parse(text) as object), time: "" });
      expect(parsed(ours)).toEqual(parsed(byPino(line, worker)));
      expect(Object.keys(JSON.parse(ours))).toEqual(Object.keys(JSON.parse(byPino(line, worker))));
      expect(Date.parse((JSON.parse(ours) as { time: string }).time)).toBeGreaterThan(Date.now() - 60_000);
      // byte for byte but the time, where pino's escaping and JSON.stringify agree (not on lone surrogates)
      if (!/[\ud800-\udfff]/.test(line.path)) expect(withoutTime(ours)).toBe(withoutTime(byPino(line, worker)));
    }
    expect(accessJson(line)).toMatch(/^\{"level":"info","time":"\d{4}-\d\d-\d\dT[\d:.]+Z","method":/);
  });

  it("none at LOG_LEVEL=warn", () => {
    const written: string[] = [];
    const logger = createLogger(
      { format: "json", level: "warn", queries: true },
      { destination: { write: (s: string) => written.push(s) } },
    );
    logger.access(lines[0]!);
    expect(logger.accessOn).toBe(false);
    expect(written).toEqual([]);
  });
});

describe("access lines without query values", () => {
  it.each([
    ["/v3/shift?date=2024-03-01&add=5d", "/v3/shift?date=&add="],
    ["/v3/holidays", "/v3/holidays"],
    ["/ical/holidays?bridge&sundays=true", "/ical/holidays?bridge&sundays="],
    ["/v3/period?from=2024-01-01&from=2025-01-01", "/v3/period?from=&from="],
    ["/x?=secret", "/x?="],
  ])("%s -> %s", (target, shown) => expect(withoutQueryValues(target)).toBe(shown));
});

describe("who may read /metrics", () => {
  it("loopback always, METRICS_ALLOW's addresses and ranges, nobody else", () => {
    const none = metricsAllowOf(undefined);
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(none(address), address).toBe(true);
    for (const address of ["10.0.0.1", "::2", "192.0.2.1", "unknown", ""]) expect(none(address), address).toBe(false);
    const some = metricsAllowOf(" 10.0.0.0/8 , 2001:db8::/32,192.0.2.7 ");
    for (const address of ["10.1.2.3", "2001:db8::5", "192.0.2.7", "::ffff:10.9.9.9", "127.0.0.1"])
      expect(some(address), address).toBe(true);
    for (const address of ["11.0.0.1", "2001:db9::1", "192.0.2.8"]) expect(some(address), address).toBe(false);
  });

  it("an entry that is neither an address nor a range stops the start", () => {
    for (const value of ["10.0.0.0/33", "localhost", "10.0.0.0/8;x"])
      expect(() => metricsAllowOf(value), value).toThrow(/METRICS_ALLOW/);
  });

  it("the path with or without a query, nothing else", () => {
    expect(["/metrics", "/metrics?x=1", "/metrics?"].map(isMetricsTarget)).toEqual([true, true, true]);
    expect(["/metrics/", "/metricsx", "/v3/metrics", "/METRICS"].map(isMetricsTarget)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

async function listening(service: StandaloneServer): Promise<string> {
  servers.push(service);
  const { url } = await service.listen(0, "127.0.0.1");
  return url.replace("localhost", "127.0.0.1");
}

const families = async (base: string) =>
  new Map(parsePrometheusTextFormat(await (await fetch(`${base}/metrics`)).text()).map((f) => [f.name, f]));

describe("metrics of a server in this process", () => {
  it("a store that fails: every request admitted, each counted as failed_open", async () => {
    const broken = { hit: () => Promise.reject(new Error("store is down")) };
    const base = await listening(createServer({ publicDir, rateLimits: true, store: broken, log: () => {} }));
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.v3.limit + 5; i++)
      statuses.push((await fetch(`${base}${PATHS.shift}?date=2024-03-01&add=${i}d`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const decisions = (await families(base)).get("rate_limit_decisions_total")!.metrics;
    expect(decisions.filter((m) => m.labels?.decision === "failed_open").reduce((s, m) => s + Number(m.value), 0)).toBe(
      RATE_LIMITS.v3.limit + 5,
    );
    expect(decisions.filter((m) => m.labels?.decision !== "failed_open")).toEqual([]);
  });

  it("metrics: false: /metrics is not found", async () => {
    const base = await listening(createServer({ publicDir, rateLimits: false, metrics: false, log: () => {} }));
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it("a logger given: one JSON access line per request, its status and bytes the response's", async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { format: "json", level: "info", queries: true },
      { worker: 3, destination: { write: (line: string) => void lines.push(line) } },
    );
    const base = await listening(createServer({ publicDir, rateLimits: true, logger }));
    const targets = [
      `${PATHS.shift}?date=2024-03-01&add=1d`,
      `${PATHS.shift}?date=nope`,
      "/no/such/path",
      `${PATHS.period}?from=2024-01-01&to=2024-12-31`,
    ];
    const answers: { status: number; bytes: number }[] = [];
    for (const target of targets) {
      const res = await fetch(base + target);
      answers.push({ status: res.status, bytes: (await res.arrayBuffer()).byteLength });
    }
    await new Promise((r) => setTimeout(r, 50));
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.method !== undefined);
    expect(access.map((l) => [l.path, l.status, l.bytes, l.worker, l.client])).toEqual(
      targets.map((t, i) => [t, answers[i]!.status, answers[i]!.bytes, 3, "127.0.0.1"]),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 400, 404, 200]);
  });
});

describe("requests refused below the HTTP layer (the socket guard)", () => {
  const lines: string[] = [];
  const logger = createLogger(
    { format: "json", level: "info", queries: true },
    { destination: { write: (line: string) => void lines.push(line) } },
  );
  let base: string;
  const counted = async (): Promise<{ requests: Map<string, number>; timeouts: number }> => {
    const metrics = await families(base);
    const requests = new Map<string, number>();
    for (const m of metrics.get("http_requests_total")!.metrics) {
      if (m.labels?.source === "refused") requests.set(m.labels.status!, Number(m.value));
    }
    const timeouts = metrics
      .get("http_connection_timeouts_total")
      ?.metrics.find((m) => m.labels?.answered === "true")?.value;
    return { requests, timeouts: Number(timeouts ?? NaN) };
  };

  it.each(SOCKET_REFUSALS.map((r) => [r.name, r] as const))(
    "%s: one access line with its status and reason, one count",
    async (_name, refusal) => {
      base ??= await listening(createServer({ publicDir, rateLimits: false, logger, headersTimeoutMs: 1000 }));
      const before = await counted();
      await new Promise((r) => setTimeout(r, 50));
      const from = lines.length;
      const res = await rawRequest(base, refusal.bytes, { timeoutMs: 15_000 });
      expect(res.status).toBe(refusal.status);
      await new Promise((r) => setTimeout(r, 200));
      const written = lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        status: refusal.status,
        reason: refusal.name,
        source: "refused",
        route: "-",
        client: "127.0.0.1",
      });
      expect(written[0].bytes).toBe(Buffer.byteLength(res.body));
      for (const field of ["method", "path", "ms"]) expect(written[0], field).toHaveProperty(field);
      const after = await counted();
      const status = String(refusal.status);
      expect((after.requests.get(status) ?? 0) - (before.requests.get(status) ?? 0)).toBe(1);
      expect(after.timeouts - before.timeouts).toBe(refusal.status === 408 ? 1 : 0);
    },
  );
});
