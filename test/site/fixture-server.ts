/**
 * A test fixture server for the site tests: serves the publish folder (public/) and answers the few
 * API URLs the pages call (/v3/holidays, /v3/bridge-days, /v3/half-days, /v3/long-weekends, /v3/period,
 * /v3/shift, /v3/leave-plan, /v3/due-dates, /v3/due-dates/catalogue, /v3/working-time, /v3/openapi.json, HEAD /holidays, the feed) straight from the calendar engine
 * (engine/ and its resources.ts, as the v3 function calls them), and the dataset's files (/v3/data/..., which the
 * home page reads a year's lists from) as the build would write them (build/generate.ts datasetFileBody, computed
 * whether or not public/ holds a built dataset; a CSV file with the CSV content type). It is not the API: the API's own behaviour is tested elsewhere;
 * this only lets the browser tests run without it.
 */

import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { problemOf } from "../../contract/problems.js";
import { answerApi, json, problem } from "./fixture-api.js";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".ics": "text/calendar; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

async function serveStatic(root: string, url: URL, res: ServerResponse, method: string): Promise<void> {
  let file = path.join(root, decodeURIComponent(url.pathname));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  const info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    if (!url.pathname.endsWith("/")) {
      res.writeHead(301, { Location: url.pathname + "/" + url.search }).end();
      return;
    }
    file = path.join(file, "index.html");
  }
  const body = await readFile(file).catch(() => null);
  if (!body) {
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(200, {
    "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
    "Content-Length": body.length,
  });
  res.end(method === "HEAD" ? undefined : body);
}

export interface FixtureServer {
  origin: string;
  /** every request path+query the server received, in order */
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(publicDir: string, port = 0): Promise<FixtureServer> {
  const root = path.resolve(publicDir);
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://fixture.local");
    requests.push(url.pathname + url.search);
    try {
      if (answerApi(url, res, method)) return;
    } catch (error) {
      const known = problemOf(error);
      if (known) return problem(res, known);
      json(
        res,
        500,
        {
          type: "https://calendar.test/problems/internal-error",
          title: "Internal error",
          status: 500,
          detail: String(error),
        },
        "application/problem+json",
      );
      return;
    }
    serveStatic(root, url, res, method).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${actual}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// `tsx test/site/fixture-server.ts [port]` serves the built site for a look in a browser.
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFixtureServer(
    path.join(path.dirname(new URL(import.meta.url).pathname), "../../public"),
    Number(process.argv[2] ?? 4321),
  );
  console.log(`site fixture server on ${server.origin}`);
}
