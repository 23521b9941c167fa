/**
 * One conformance suite, two servers (issue 10): a sample of every route and every variant (200
 * with and without parameters, 304 for each form of If-None-Match, HEAD, the OPTIONS preflight, a 400, 404s (a
 * browser's among them: the site's not-found page), 405)
 * is sent to the standalone server (`npm start`, the e2e global setup's) and to `netlify dev --offline` (started here
 * once, over the same public/), and both must give the same status, body and spec headers.
 *
 * netlify dev is the emulation, not the deploy: its local file server answers the requests the rewrite rules send to
 * a dataset file with habits of its own, which the CDN does not have. Those differences are listed ONCE, below in
 * NETLIFY_DEV_OWN_HABITS, each with why, and skipped for netlify dev only; everything else must match exactly, and
 * every entry must still excuse a real difference (a stale entry fails the test).
 *
 * NETLIFY_DEV_URL=http://localhost:<port> reuses a running netlify dev (`npm run dev:netlify`) instead of starting one.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { ROUTES } from "../../contract/routes.js";
import { datasetIsCurrent } from "../../server/dataset.js";
import { e2eBaseUrl, IDENTITY } from "./base-url.js";
import {
  type Case,
  cases,
  coveredByHeaderRule,
  DUPLICATE_ON_A_FILE_ROUTE,
  fileAnswered,
  fileAnsweredIgnoringDuplicates,
  SAMPLES,
} from "./conformance-cases.js";
import { FILE_ANSWER_HEADERS, PREFLIGHT_HEADERS, SPEC_HEADERS } from "./header-lists.js";
import { choosePort, PUBLIC_DIR, ROOT, type RunningServer, startServer } from "./server.js";

const STANDALONE = e2eBaseUrl();
const SKIP = !STANDALONE || process.env.CONFORMANCE === "off";

type Aspect = "status" | "body" | string;

/**
 * netlify dev's own habits (its local file server and header rules, not the deploy's CDN). Each entry: which aspects
 * of which requests it changes there, and why. Skipped for netlify dev only.
 */
const NETLIFY_DEV_OWN_HABITS: { why: string; applies: (c: Case) => boolean; aspects: Aspect[] }[] = [
  {
    why:
      "its static server sets `Cache-Control: public, max-age=0` and lets it win over the `_headers` rule; the CDN applies the " +
      "rule (test/build/static-dataset.test.ts checks that the rule carries the function's value)",
    applies: (c) => fileAnswered(c.path) && c.method !== "OPTIONS" && ["GET", "HEAD"].includes(c.method),
    aspects: ["cache-control"],
  },
  {
    why: "its static server sends a weak ETag of its own (size and modification time), not the content hash the CDN and the functions use",
    applies: (c) => fileAnswered(c.path) && ["GET", "HEAD"].includes(c.method),
    aspects: ["etag"],
  },
  {
    why:
      "so an If-None-Match built from the content-hash ETag never matches there, and it ignores `*`: 200 with the body " +
      "instead of 304 (the CDN revalidates against the file's ETag)",
    applies: (c) => fileAnswered(c.path) && c.condition !== undefined,
    aspects: ["status", "body", ...FILE_ANSWER_HEADERS],
  },
  {
    why: 'it answers any other method on a file path itself (200 `text/plain` "Method Not Allowed", or the file) and a preflight with 200 and the file; the CDN\'s rules answer only GET and HEAD from files and the preflight with 204',
    applies: (c) => fileAnswered(c.path) && !["GET", "HEAD"].includes(c.method),
    aspects: ["status", "body", ...SPEC_HEADERS, ...PREFLIGHT_HEADERS],
  },
  {
    why:
      "it applies the `_headers` rules to function answers too, filling in the rule's Content-Type on a 304 or a preflight, " +
      "which have no body and no Content-Type (docs/architecture.md#netlify-facts; the CDN applies the rules to files)",
    applies: (c) =>
      !fileAnswered(c.path) && coveredByHeaderRule(c.path) && (c.method === "OPTIONS" || c.condition !== undefined),
    aspects: ["content-type"],
  },
  {
    why:
      "a rewrite rule cannot see a parameter given twice, so it serves the last value's file where a process answers 400 " +
      "(the same on the CDN: documented as a known limit of the static surface, docs/decisions.md#serving)",
    applies: (c) => c.path === DUPLICATE_ON_A_FILE_ROUTE && fileAnsweredIgnoringDuplicates(c.path),
    aspects: ["status", "body", ...SPEC_HEADERS],
  },
];

interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/**
 * What the standalone server says and a function cannot: /health's `server` (how many processes serve, which answered,
 * where the limiter counts; docs/http-layer.md). Its body is compared without that member; its ETag, taken over the
 * whole body, and what an If-None-Match built from it gets, cannot be.
 */
/** /health, with or without a query (`?ready`). */
const isHealth = (path: string) => path === PATHS.health || path.startsWith(`${PATHS.health}?`);
const STANDALONE_OWN: typeof NETLIFY_DEV_OWN_HABITS = [
  {
    why: "the standalone server's /health says how its processes serve and count (`server`): its ETag is over that body too",
    applies: (c) => isHealth(c.path) && ["GET", "HEAD"].includes(c.method),
    aspects: ["etag"],
  },
  {
    why: "so an If-None-Match built from the standalone server's /health ETag does not match the function's: 200 with the body there",
    applies: (c) => isHealth(c.path) && c.condition !== undefined,
    aspects: ["status", "body", "content-type", "etag"],
  },
];
/** A /health body without the standalone server's own member, for comparing (key order kept). */
function withoutServerMember(c: Case, body: string): string {
  if (!isHealth(c.path) || !body.startsWith("{")) return body;
  const { server: _server, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify(rest);
}

async function ask(base: string, c: Case, etag: string | undefined): Promise<Answer> {
  // the uncompressed answers: netlify dev does not compress as the CDN does, and the standalone server compresses
  const headers: Record<string, string> = { ...IDENTITY, ...c.headers };
  if (c.condition && etag) headers["If-None-Match"] = c.condition(etag);
  const res = await fetch(base + c.path, {
    method: c.method,
    headers,
    body: c.method === "POST" ? (c.body ?? "x") : undefined,
    redirect: "manual",
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/**
 * Cache-Control values that name the seconds until midnight may differ by the time between the two requests (netlify
 * dev takes seconds per request on a loaded machine): `apartSeconds`, measured around both, plus one for rounding.
 */
function sameCacheControl(a: string | null, b: string | null, apartSeconds: number): boolean {
  if (a === b) return true;
  const re = /^public, max-age=0, s-maxage=(\d+)$/;
  const ma = a && re.exec(a);
  const mb = b && re.exec(b);
  return !!ma && !!mb && Math.abs(Number(ma[1]) - Number(mb[1])) <= Math.ceil(apartSeconds) + 1;
}

describe.skipIf(SKIP)("conformance: the standalone server and netlify dev give the same answers", () => {
  let netlify: RunningServer | undefined;
  let netlifyBase: string;
  const all = cases();

  beforeAll(async () => {
    // the routes that a file answers must really be file answers on both servers
    expect(await datasetIsCurrent(PUBLIC_DIR)).toBe(true);
    if (process.env.NETLIFY_DEV_URL) netlifyBase = process.env.NETLIFY_DEV_URL;
    else {
      // a leftover of the old layout (the engine as a workspace) would hide what this run's netlify dev does
      rmSync(join(ROOT, "engine", ".netlify"), { recursive: true, force: true });
      netlify = await startServer({ kind: "netlify", port: await choosePort(8970), env: { RATE_LIMITS: "off" } });
      netlifyBase = netlify.baseUrl;
    }
  }, 180_000);

  afterAll(async () => {
    await netlify?.stop();
  });

  it.skipIf(process.env.NETLIFY_DEV_URL)(
    "netlify dev run plainly from the root took the root for the site (nothing under engine/.netlify)",
    () => {
      expect(existsSync(join(ROOT, "engine", ".netlify"))).toBe(false);
    },
  );

  it("samples every row of the route table", () => {
    expect(ROUTES.map((r) => r.id).filter((id) => !SAMPLES[id])).toEqual([]);
    // a route with a static answer is sampled at least once from its file; the others are function answers only
    for (const route of ROUTES.filter((r) => SAMPLES[r.id])) {
      const fromFiles = SAMPLES[route.id].ok.filter(fileAnswered).length;
      if (route.static) expect([route.id, fromFiles > 0]).toEqual([route.id, true]);
      else expect([route.id, fromFiles]).toEqual([route.id, 0]);
    }
  });

  it(`${all.length} requests: same status, body and spec headers (netlify dev's file-server habits aside)`, async () => {
    const mismatches: string[] = [];
    const skipped = new Map<string, number>();
    const compare = async (c: Case) => {
      const first = c.condition ? await fetch(STANDALONE + c.path, { headers: IDENTITY }) : undefined;
      const etag = first?.headers.get("etag") ?? undefined;
      await first?.arrayBuffer();
      const asked = Date.now();
      const [a, b] = [await ask(STANDALONE!, c, etag), await ask(netlifyBase, c, etag)];
      const apartSeconds = (Date.now() - asked) / 1000;
      const known = [...NETLIFY_DEV_OWN_HABITS, ...STANDALONE_OWN].filter((d) => d.applies(c));
      a.body = withoutServerMember(c, a.body);
      b.body = withoutServerMember(c, b.body);
      const excused = (aspect: Aspect) => {
        const d = known.find((k) => k.aspects.includes(aspect));
        if (d) skipped.set(d.why, (skipped.get(d.why) ?? 0) + 1);
        return d !== undefined;
      };
      if (a.status !== b.status && !excused("status")) mismatches.push(`${c.label}: status ${a.status} vs ${b.status}`);
      if (a.body !== b.body && !excused("body"))
        mismatches.push(`${c.label}: body differs (${a.body.slice(0, 80)} | ${b.body.slice(0, 80)})`);
      const names = c.method === "OPTIONS" ? [...SPEC_HEADERS, ...PREFLIGHT_HEADERS] : SPEC_HEADERS;
      for (const name of names) {
        const [x, y] = [a.headers.get(name), b.headers.get(name)];
        const same = name === "cache-control" ? sameCacheControl(x, y, apartSeconds) : x === y;
        if (!same && !excused(name))
          mismatches.push(`${c.label}: ${name} ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
      }
    };
    // a few at a time: netlify dev takes a few hundred ms per function call
    const queue = [...all];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await compare(c);
      }),
    );
    expect(mismatches).toEqual([]);
    // every listed difference is still real (an entry that no longer excuses anything must go)
    for (const d of [...NETLIFY_DEV_OWN_HABITS, ...STANDALONE_OWN])
      expect([d.why.slice(0, 60), skipped.has(d.why)]).toEqual([d.why.slice(0, 60), true]);
  }, 300_000);
});
