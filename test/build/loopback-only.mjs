/**
 * Preloaded (NODE_OPTIONS=--import) into `netlify deploy` by test/build/deploy.test.ts, so the deploy never leaves this
 * machine. NETLIFY_API_URL moves Netlify's API to the test's stand-in, but netlify-cli's first reading of the
 * configuration also asks Netlify's extensions API (https://api.netlifysdk.com), which no setting moves: unreachable,
 * the CLI falls back to an offline configuration without the site's data and then looks the site up by name, which
 * fails for a site given by its ID. So:
 *   - a fetch() to any host but loopback goes to the stand-in instead, as LOOPBACK_ONLY_URL/<host>/<path>, where the
 *     test sees which outside hosts the deploy asked;
 *   - a DNS lookup of any other name (an HTTP client other than fetch) fails as an unknown name and is appended to
 *     the file LOOPBACK_ONLY_LOG, which the test expects empty.
 */
import dns from "node:dns";
import { appendFileSync } from "node:fs";

const standIn = process.env.LOOPBACK_ONLY_URL;
const logFile = process.env.LOOPBACK_ONLY_LOG;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

if (standIn) {
  const fetch = globalThis.fetch;
  globalThis.fetch = function (input, init) {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    if (LOOPBACK.has(url.hostname)) return fetch.call(this, input, init);
    const moved = `${standIn}/${url.host}${url.pathname}${url.search}`;
    return fetch.call(this, input instanceof Request ? new Request(moved, input) : moved, init);
  };
}

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  if (LOOPBACK.has(hostname)) return lookup.call(this, hostname, ...rest);
  if (logFile) appendFileSync(logFile, `${hostname}\n`);
  const callback = rest.find((a) => typeof a === "function");
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (the deploy test allows loopback only)`), {
    code: "ENOTFOUND",
    hostname,
  });
  process.nextTick(() => callback(error));
};
