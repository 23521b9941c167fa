/**
 * The metrics (server/metrics.ts) as a scraper reads them: each family's values after known events (requests with
 * known durations, limiter decisions of every kind, time-outs, cached answers), the answer's headers for GET and HEAD,
 * a 503 when the workers' metrics cannot be gathered, and the messages a worker and its primary exchange to gather.
 */
import cluster from "node:cluster";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS } from "../../contract/policies.js";
import { ADMITTED, FAIL_OPEN, type RateLimitStore } from "../../http/ratelimit.js";
import { createMetrics, gatherForWorkers, gatherFromPrimary, type Metrics } from "../../server/metrics.js";
import { bodyBytesOf } from "../../server/node-io.js";

type Family = {
  name: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }[];
};

async function familiesOf(metrics: Metrics): Promise<Map<string, Family>> {
  return new Map((parsePrometheusTextFormat(await metrics.registry.metrics()) as Family[]).map((f) => [f.name, f]));
}
const sampleValue = (family: Family | undefined, labels: Record<string, string>) =>
  Number(family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

afterEach(() => vi.restoreAllMocks());

describe("the families", () => {
  it("requests by route, status and source, their durations in the histogram, kept hits", async () => {
    const metrics = createMetrics();
    metrics.request("holidays", 200, "computed", 0.004);
    metrics.request("holidays", 200, "computed", 0.3);
    metrics.request("holidays", 200, "kept", 0.0001);
    metrics.request("-", 405, "refused", 0.002);
    const families = await familiesOf(metrics);
    const requests = families.get("http_requests_total");
    expect(sampleValue(requests, { route: "holidays", status: "200", source: "computed" })).toBe(2);
    expect(sampleValue(requests, { route: "holidays", status: "200", source: "kept" })).toBe(1);
    expect(sampleValue(requests, { route: "-", status: "405", source: "refused" })).toBe(1);
    // the histogram as prom-client holds it (the text parser drops a histogram's labels)
    const histogram = (await metrics.registry.getSingleMetric("http_request_duration_seconds")!.get()).values;
    const of = (name: string, le?: number) =>
      (histogram as ((typeof histogram)[number] & { metricName?: string })[]).find(
        (v) =>
          v.metricName === name &&
          v.labels.route === "holidays" &&
          v.labels.source === "computed" &&
          (le === undefined || v.labels.le === le),
      )?.value;
    expect(of("http_request_duration_seconds_count")).toBe(2);
    expect(of("http_request_duration_seconds_sum")).toBeCloseTo(0.304, 9);
    expect(of("http_request_duration_seconds_bucket", 0.0025)).toBe(0);
    expect(of("http_request_duration_seconds_bucket", 0.005)).toBe(1);
    expect(of("http_request_duration_seconds_bucket", 0.25)).toBe(1);
    expect(of("http_request_duration_seconds_bucket", 0.5)).toBe(2);
    expect(sampleValue(families.get("kept_answer_hits_total"), {})).toBe(1);
  });

  it("time-outs, both series from the start", async () => {
    const metrics = createMetrics();
    let timeouts = (await familiesOf(metrics)).get("http_connection_timeouts_total");
    expect([sampleValue(timeouts, { answered: "true" }), sampleValue(timeouts, { answered: "false" })]).toEqual([0, 0]);
    metrics.connectionTimedOut(true);
    metrics.connectionTimedOut(true);
    metrics.connectionTimedOut(false);
    timeouts = (await familiesOf(metrics)).get("http_connection_timeouts_total");
    expect([sampleValue(timeouts, { answered: "true" }), sampleValue(timeouts, { answered: "false" })]).toEqual([2, 1]);
  });

  it("kept answers read when scraped", async () => {
    const metrics = createMetrics();
    let families = await familiesOf(metrics);
    expect([sampleValue(families.get("kept_answers"), {}), sampleValue(families.get("kept_answer_bytes"), {})]).toEqual(
      [0, 0],
    );
    let size = 3;
    metrics.cachedAnswers(
      () => size,
      () => 4096,
    );
    size = 7;
    families = await familiesOf(metrics);
    expect([sampleValue(families.get("kept_answers"), {}), sampleValue(families.get("kept_answer_bytes"), {})]).toEqual(
      [7, 4096],
    );
    expect(families.has("log_lines_dropped")).toBe(true);
    expect(families.has("process_cpu_seconds_total")).toBe(true);
  });

  it("every limiter decision counted by its surface, whatever the store answers", async () => {
    const metrics = createMetrics();
    const refused = { allowed: false, retryAfterSeconds: 5 };
    const answers: (() => ReturnType<RateLimitStore["hit"]>)[] = [
      () => ADMITTED,
      () => refused,
      () => FAIL_OPEN,
      () => Promise.resolve(ADMITTED),
      () => Promise.resolve(refused),
      () => Promise.resolve(FAIL_OPEN),
    ];
    let next = 0;
    const seen: string[] = [];
    const store = metrics.counting({
      hit: (key) => {
        seen.push(key);
        return answers[next++]!();
      },
    });
    for (let i = 0; i < 3; i++) expect(store.hit(`v3:192.0.2.${i}`, RATE_LIMITS.v3, 0)).toEqual(answers[i]!());
    for (let i = 3; i < 6; i++)
      expect(await store.hit(`feed-query:192.0.2.${i}`, RATE_LIMITS.v3, 0)).toEqual(await answers[i]!());
    expect(seen).toEqual([
      "v3:192.0.2.0",
      "v3:192.0.2.1",
      "v3:192.0.2.2",
      "feed-query:192.0.2.3",
      "feed-query:192.0.2.4",
      "feed-query:192.0.2.5",
    ]);
    const throwing = metrics.counting({
      hit: () => {
        throw new Error("down");
      },
    });
    expect(() => throwing.hit("v2:x", RATE_LIMITS.v2, 0)).toThrow("down");
    const rejecting = metrics.counting({ hit: () => Promise.reject(new Error("gone")) });
    await expect(rejecting.hit("v2:x", RATE_LIMITS.v2, 0)).rejects.toThrow("gone");
    const decisions = (await familiesOf(metrics)).get("rate_limit_decisions_total");
    for (const rateLimitGroup of ["v3", "feed-query"])
      for (const decision of ["admitted", "refused", "failed_open"])
        expect(sampleValue(decisions, { surface: rateLimitGroup, decision }), `${rateLimitGroup} ${decision}`).toBe(1);
    expect(sampleValue(decisions, { surface: "v2", decision: "failed_open" })).toBe(2);
    expect(decisions!.metrics).toHaveLength(7);
  });
});

function response(method: string) {
  const req = { method } as IncomingMessage;
  const written: { status?: number; headers?: Record<string, string>; body?: unknown } = {};
  const done = new Promise<void>((resolve) => {
    const res = {
      writeHead(status: number, headers: Record<string, string>) {
        written.status = status;
        written.headers = headers;
      },
      end(body?: unknown) {
        written.body = body;
        resolve();
      },
    };
    (written as { res?: unknown }).res = res;
  });
  return { req, res: (written as { res: ServerResponse }).res, written, done };
}

describe("the answer", () => {
  it("GET: the text format, its length, no-store, nosniff; the body's bytes noted for the access line", async () => {
    const metrics = createMetrics();
    metrics.request("day", 200, "file", 0.01);
    const { req, res, written, done } = response("GET");
    metrics.answer(req, res);
    await done;
    const text = Buffer.from(written.body as Buffer).toString();
    expect(written.status).toBe(200);
    expect(written.headers).toEqual({
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Length": String(Buffer.byteLength(text)),
    });
    expect(text).toContain('http_requests_total{route="day",status="200",source="file"} 1');
    expect(bodyBytesOf(res)).toBe(Buffer.byteLength(text));
  });

  it("HEAD: the same headers without a length, and no body", async () => {
    const metrics = createMetrics();
    const { req, res, written, done } = response("HEAD");
    metrics.answer(req, res);
    await done;
    expect(written.status).toBe(200);
    expect(written.headers).toEqual({
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    expect(written.body).toBeUndefined();
  });

  it("in a worker: the primary's text; 503 with Retry-After when it cannot gather", async () => {
    const gathered = createMetrics({
      inWorker: true,
      gatherFromPrimary: () => Promise.resolve("whole_server_total 5\n"),
    });
    const ok = response("GET");
    gathered.answer(ok.req, ok.res);
    await ok.done;
    expect(Buffer.from(ok.written.body as Buffer).toString()).toBe("whole_server_total 5\n");

    const failing = createMetrics({ inWorker: true, gatherFromPrimary: () => Promise.reject(new Error("no")) });
    for (const method of ["GET", "HEAD"]) {
      const r = response(method);
      failing.answer(r.req, r.res);
      await r.done;
      expect(r.written.status).toBe(503);
      expect(r.written.headers).toEqual({
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "1",
      });
      expect(r.written.body).toBe(
        method === "HEAD" ? undefined : "metrics could not be gathered from every worker; try again\n",
      );
    }
  });
});

/**
 * Runs `body` with process.send replaced by `send` (the test runner's own channel restored after), and gives it a way
 * to deliver a message to the listeners the code under test added (not to the runner's).
 */
async function asAWorker(
  send: (message: unknown) => boolean,
  body: (deliver: (message: unknown) => void, start: <T>(f: () => T) => T) => Promise<void>,
) {
  const original = Object.getOwnPropertyDescriptor(process, "send");
  const before = new Set(process.listeners("message"));
  let ours: ((...args: unknown[]) => void)[] = [];
  Object.defineProperty(process, "send", { value: send, configurable: true, writable: true });
  const start = <T>(f: () => T): T => {
    const made = f();
    ours = process.listeners("message").filter((l) => !before.has(l)) as typeof ours;
    return made;
  };
  try {
    await body((message) => {
      for (const l of ours) l(message);
    }, start);
  } finally {
    for (const l of ours) process.off("message", l);
    if (original) Object.defineProperty(process, "send", original);
    else delete (process as { send?: unknown }).send;
  }
}

describe("gathering across workers", () => {
  it("a worker asks its primary and answers with what it sends back", async () => {
    const sent: unknown[] = [];
    const send = vi.fn((message: unknown) => {
      sent.push(message);
      return true;
    });
    await asAWorker(send, async (deliver, start) => {
      const gather = start(() => gatherFromPrimary());
      const first = gather();
      const second = gather();
      expect(sent).toEqual([
        { type: "metrics:gather", id: expect.any(Number) },
        { type: "metrics:gather", id: expect.any(Number) },
      ]);
      const [a, b] = sent as { id: number }[];
      expect(a!.id).not.toBe(b!.id);
      deliver({ type: "something:else", id: b!.id });
      deliver({ type: "metrics:gathered", id: b!.id, text: "b 2\n" });
      deliver({ type: "metrics:gathered", id: a!.id });
      await expect(second).resolves.toBe("b 2\n");
      await expect(first).rejects.toThrow("the primary did not gather the metrics");
      // the channel refuses the message, or throws: no waiting
      send.mockImplementationOnce(() => false);
      await expect(gather()).rejects.toThrow("the primary did not gather the metrics");
      send.mockImplementationOnce(() => {
        throw new Error("channel closed");
      });
      await expect(gather()).rejects.toThrow("the primary did not gather the metrics");
    });
  });

  it("a primary that never answers: given up after 6 s", async () => {
    vi.useFakeTimers();
    try {
      await asAWorker(
        () => true,
        async (_deliver, start) => {
          const pending = start(() => gatherFromPrimary())();
          let settled = false;
          pending.then(
            () => (settled = true),
            () => (settled = true),
          );
          await vi.advanceTimersByTimeAsync(5999);
          expect(settled).toBe(false);
          await vi.advanceTimersByTimeAsync(1);
          await expect(pending).rejects.toThrow("the primary did not gather the metrics");
        },
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("the primary answers a worker's request with the gathered text, to that worker only while connected", async () => {
    gatherForWorkers();
    const worker = (connected: boolean) =>
      Object.assign(new EventEmitter(), { isConnected: () => connected, send: vi.fn() });
    const asking = worker(true);
    const gone = worker(false);
    cluster.emit("message", asking, { type: "metrics:gather", id: 41 });
    cluster.emit("message", asking, { type: "other", id: 42 });
    cluster.emit("message", gone, { type: "metrics:gather", id: 43 });
    await vi.waitFor(() => expect(asking.send).toHaveBeenCalledTimes(1));
    expect(asking.send).toHaveBeenCalledWith({ type: "metrics:gathered", id: 41, text: expect.any(String) });
    await new Promise((r) => setTimeout(r, 20));
    expect(gone.send).not.toHaveBeenCalled();
    expect(asking.send).toHaveBeenCalledTimes(1);
  });
});
