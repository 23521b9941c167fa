// One cold start of a bundled function, in a fresh Node process (bench/cold.ts; test/build/bundle.test.ts):
//   node function-cold.mjs <function module> <request JSON: { url, method?, headers?, body? }>
// Imports the module and answers one request, then prints one JSON line: importMs (the import), firstAnswerMs (the
// default export called and its body read; the Request is built before the timer, as the platform's runtime builds
// it before calling the function, and Node's Fetch classes, which it loads lazily on first use, are loaded then
// too: fetchClassesMs says what that costs), and the answer (status, headers, body in base64) to compare.
import { pathToFileURL } from "node:url";

const [modulePath, requestJson] = process.argv.slice(2);
const spec = JSON.parse(requestJson);

const t0 = performance.now();
const module = await import(pathToFileURL(modulePath).href);
const t1 = performance.now();
const request = new Request(spec.url, { method: spec.method ?? "GET", headers: spec.headers ?? {}, body: spec.body });
await new Response("").arrayBuffer();
const t2 = performance.now();
const response = await module.default(request, { ip: "192.0.2.1" });
const body = Buffer.from(await response.arrayBuffer());
const t3 = performance.now();

process.stdout.write(
  JSON.stringify({
    importMs: t1 - t0,
    fetchClassesMs: t2 - t1,
    firstAnswerMs: t3 - t2,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: body.toString("base64"),
  }) + "\n",
);
