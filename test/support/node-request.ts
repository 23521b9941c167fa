/**
 * One HTTP request through `node:http` on a connection of its own (no agent, so no pooling and no `fetch`
 * decompression): the status, the headers and the body's bytes exactly as the server sent them.
 */
import { request } from "node:http";

export interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** the local address to send from (any 127.x address on Linux loopback) */
  localAddress?: string;
}

export function nodeRequest(url: string, init: RequestInit = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? "GET", headers: init.headers, localAddress: init.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
