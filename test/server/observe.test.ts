/**
 * What a request leaves behind (server/observe.ts), with the clock under the test's control: the access line's every
 * field and the metrics' numbers, durations among them (a known delay must read as that delay), for requests answered,
 * cut short, answered on their socket, and refused below the HTTP layer.
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccessLine } from "../../server/log.js";
import type { Metrics } from "../../server/metrics.js";
import { noteBodyBytes } from "../../server/node-io.js";
import { LOGGED_TARGET_CHARS, type Observation, observation, withoutQueryValues } from "../../server/observe.js";

let clock = 0;
beforeEach(() => {
  clock = 1000;
  vi.spyOn(performance, "now").mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

interface Recorded {
  lines: AccessLine[];
  requests: [string, number, string, number][];
  timeouts: boolean[];
}

function observed(
  queries = true,
  parts: { metrics?: boolean; access?: boolean } = { metrics: true, access: true },
): { observing: Observation; recorded: Recorded } {
  const recorded: Recorded = { lines: [], requests: [], timeouts: [] };
  const metrics = {
    request: (route: string, status: number, source: string, seconds: number) =>
      void recorded.requests.push([route, status, source, seconds]),
    connectionTimedOut: (answered: boolean) => void recorded.timeouts.push(answered),
  } as unknown as Metrics;
  const observing = observation({
    metrics: parts.metrics ? metrics : undefined,
    access: parts.access ? (line) => void recorded.lines.push(line) : undefined,
    queries,
    clientOf: () => "192.0.2.9",
  })!;
  return { observing, recorded };
}

function exchange(method: string | undefined, url: string) {
  const socket = Object.assign(new PassThrough(), { remoteAddress: "198.51.100.4" });
  const req = { method, url, socket } as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), {
    writableFinished: true,
    headersSent: true,
    statusCode: 200,
  }) as unknown as ServerResponse & { writableFinished: boolean; headersSent: boolean };
  return { socket, req, res };
}

describe("a request's access line and numbers", () => {
  it("is written once its response closes, timed from its head", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange("GET", "/v3/holidays?year=2024");
    const seen = observing.begin(req, res);
    seen.route = "holidays";
    noteBodyBytes(res, 321);
    clock = 1250.5;
    expect(recorded.lines).toEqual([]);
    res.emit("close");
    expect(recorded.lines).toEqual([
      {
        method: "GET",
        path: "/v3/holidays?year=2024",
        status: 200,
        bytes: 321,
        ms: 250.5,
        client: "192.0.2.9",
        route: "holidays",
        source: "computed",
      },
    ]);
    expect(recorded.requests).toEqual([["holidays", 200, "computed", 0.2505]]);
    // a second close changes nothing
    res.emit("close");
    expect(recorded.lines).toHaveLength(1);
  });

  it("rounds to the microsecond", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange("GET", "/");
    observing.begin(req, res);
    clock = 1000.12345678;
    res.emit("close");
    expect(recorded.lines[0]!.ms).toBe(0.123);
  });

  it("says a client went away: no status when no head was sent, no bytes when the body was not finished", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange("GET", "/v3/period");
    observing.begin(req, res);
    noteBodyBytes(res, 99);
    res.writableFinished = false;
    res.headersSent = false;
    res.emit("close");
    expect(recorded.lines[0]).toMatchObject({ status: 0, bytes: 0, aborted: true });
    expect(recorded.requests[0]![1]).toBe(0);
  });

  it("shows what the handler learnt: a kept answer, the counted client", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange("HEAD", "/x");
    const seen = observing.begin(req, res);
    seen.source = "kept";
    res.emit("close");
    expect(recorded.lines[0]).toMatchObject({ method: "HEAD", source: "kept", route: "-" });
    const other = exchange("GET", "/y");
    const seenToo = observing.begin(other.req, other.res);
    seenToo.ctx = { clientAddress: "203.0.113.7" } as never;
    other.res.emit("close");
    expect(recorded.lines[1]).toMatchObject({ client: "203.0.113.7", source: "computed" });
  });

  it("a request without a method or target is shown empty", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange(undefined, undefined as never);
    observing.begin(req, res);
    res.emit("close");
    expect(recorded.lines[0]).toMatchObject({ method: "", path: "" });
  });

  it("without query values when told, and a long target cut and measured", () => {
    const { observing, recorded } = observed(false);
    const { req, res } = exchange("GET", "/v3/shift?date=2024-03-01&add=5d");
    observing.begin(req, res);
    res.emit("close");
    expect(recorded.lines[0]!.path).toBe("/v3/shift?date=&add=");

    const at = "/" + "a".repeat(LOGGED_TARGET_CHARS - 1);
    for (const target of [at, at + "b"]) {
      const ex = exchange("GET", target);
      const cached = observed();
      cached.observing.begin(ex.req, ex.res);
      ex.res.emit("close");
      recorded.lines.push(cached.recorded.lines[0]!);
    }
    expect(recorded.lines[1]!.path).toBe(at);
    expect(recorded.lines[2]!.path).toBe(`${at}…(${LOGGED_TARGET_CHARS + 1} characters)`);
  });

  it("an answer the socket guard wrote under the response: its status, bytes and reason, source refused", () => {
    const { observing, recorded } = observed();
    const { req, res } = exchange("POST", "/mcp");
    observing.begin(req, res);
    res.writableFinished = false;
    res.headersSent = false;
    observing.answeredOnSocket(res, 408, 140, "request-timeout");
    res.emit("close");
    expect(recorded.lines[0]).toMatchObject({ status: 408, bytes: 140, source: "refused", reason: "request-timeout" });
    expect(recorded.lines[0]!.aborted).toBeUndefined();
    expect(recorded.requests[0]).toEqual(["-", 408, "refused", 0]);
    // a response never begun is not observed
    observing.answeredOnSocket(exchange("GET", "/").res, 408, 1, "request-timeout");
    expect(recorded.lines).toHaveLength(1);
  });
});

describe("refusals below the HTTP layer", () => {
  it("are timed from the connection's opening, or from its previous answer", () => {
    const { observing, recorded } = observed();
    const { socket, req, res } = exchange("GET", "/");
    observing.opened(socket);
    clock = 1300;
    observing.refused({
      socket,
      method: "FOO",
      target: "/v3/holidays?year=1",
      status: 405,
      bytes: 180,
      written: true,
      reason: "bad-method",
    });
    expect(recorded.lines[0]).toEqual({
      method: "FOO",
      path: "/v3/holidays?year=1",
      status: 405,
      bytes: 180,
      ms: 300,
      client: "198.51.100.4",
      route: "-",
      source: "refused",
      reason: "bad-method",
    });
    expect(recorded.requests[0]).toEqual(["-", 405, "refused", 0.3]);
    // a request answered on the same connection: the next refusal is timed from its end
    observing.begin(req, res);
    clock = 1400;
    res.emit("close");
    clock = 1450;
    observing.refused({
      socket,
      method: "GET",
      target: "/",
      status: 408,
      bytes: 0,
      written: false,
      reason: "request-timeout",
      client: "10.0.0.1",
    });
    expect(recorded.lines[2]).toMatchObject({ ms: 50, bytes: 0, aborted: true, client: "10.0.0.1" });
  });

  it("a connection never seen opening is timed as 0", () => {
    const { observing, recorded } = observed();
    clock = 5000;
    observing.refused({
      socket: new PassThrough(),
      method: "GET",
      target: "/",
      status: 400,
      bytes: 10,
      written: true,
      reason: "x",
    });
    expect(recorded.lines[0]).toMatchObject({ ms: 0, client: "unknown" });
  });

  it("an unreadable method or target shows as -", () => {
    const { observing, recorded } = observed(false);
    const socket = new PassThrough();
    for (const [method, target] of [
      ["G\u0000T", "/%FF"],
      ["A".repeat(33), "no-slash"],
      ["", "/ok?x=1"],
      ["A".repeat(32), "/ok"],
    ])
      observing.refused({ socket, method, target, status: 400, bytes: 1, written: true, reason: "malformed" });
    expect(recorded.lines.map((l) => [l.method, l.path])).toEqual([
      ["-", "-"],
      ["-", "-"],
      ["-", "/ok?x="],
      ["A".repeat(32), "/ok"],
    ]);
  });

  it("time-outs are counted apart", () => {
    const { observing, recorded } = observed();
    observing.timedOut(true);
    observing.timedOut(false);
    expect(recorded.timeouts).toEqual([true, false]);
  });
});

describe("what is observed", () => {
  it("nothing without metrics and access lines; either alone works", () => {
    expect(observation({ queries: true, clientOf: () => "" })).toBeUndefined();
    const onlyAccess = observed(true, { access: true });
    const a = exchange("GET", "/");
    onlyAccess.observing.begin(a.req, a.res);
    a.res.emit("close");
    onlyAccess.observing.timedOut(true);
    expect(onlyAccess.recorded.lines).toHaveLength(1);
    const onlyMetrics = observed(true, { metrics: true });
    const b = exchange("GET", "/");
    onlyMetrics.observing.begin(b.req, b.res);
    b.res.emit("close");
    onlyMetrics.observing.refused({
      socket: new PassThrough(),
      method: "GET",
      target: "/",
      status: 400,
      bytes: 1,
      written: true,
      reason: "x",
    });
    expect(onlyMetrics.recorded.requests).toHaveLength(2);
    expect(onlyMetrics.recorded.lines).toEqual([]);
  });

  it.each([
    ["?x=1", "?x="],
    ["/a?", "/a?"],
    ["/a?b=1=2&c", "/a?b=&c"],
  ])("query values out of %s -> %s", (target, shown) => expect(withoutQueryValues(target)).toBe(shown));
});
