/**
 * The feed builder's addresses follow the page's own scheme (site/src/lib/feed.ts feedAddresses): on an https page
 * webcal:// and https://, on a page served over plain HTTP (a server of one's own without TLS) only http://. The
 * browser suites check the page itself over HTTP (test/site/site.test.ts, test/e2e/site.e2e.test.ts); the https case
 * is checked here with a fake location, as no test server speaks TLS.
 */
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import {
  DEFAULT_FEED_OPTIONS,
  FEED_PATH,
  feedAddresses,
  feedQuery,
  type ResolvedFeedOptions,
} from "../../site/src/lib/feed.ts";

const options = (changes: Partial<ResolvedFeedOptions> = {}): ResolvedFeedOptions => ({
  ...DEFAULT_FEED_OPTIONS,
  due: [],
  ...changes,
});

describe("feed addresses follow the page's scheme", () => {
  it("the builder's path is the feed's route", () => {
    expect(FEED_PATH).toBe(PATHS.feed);
  });

  it("an https page: webcal:// first (to subscribe), then https://, on the page's host and port", () => {
    for (const host of ["helgdagar.example", "kalender.example:8443"]) {
      expect(feedAddresses({ protocol: "https:", host }, options())).toEqual([
        { scheme: "webcal", url: `webcal://${host}${PATHS.feed}` },
        { scheme: "https", url: `https://${host}${PATHS.feed}` },
      ]);
    }
  });

  it("a plain-HTTP page: only its http:// address (no webcal, no https)", () => {
    const addresses = feedAddresses({ protocol: "http:", host: "192.168.1.20:8888" }, options());
    expect(addresses).toEqual([{ scheme: "http", url: `http://192.168.1.20:8888${PATHS.feed}` }]);
    expect(addresses.some((a) => /^(webcal|https):/.test(a.url))).toBe(false);
  });

  it("the options are in every address, as the query the feed reads", () => {
    const chosen = options({ bridge: true, busy: true, due: ["salary-25", "child-benefit"] });
    expect(feedQuery(chosen)).toBe("?bridge=true&busy=true&due=salary-25,child-benefit");
    for (const protocol of ["http:", "https:"]) {
      for (const { url } of feedAddresses({ protocol, host: "h.example" }, chosen))
        expect(url.endsWith(`${PATHS.feed}?bridge=true&busy=true&due=salary-25,child-benefit`)).toBe(true);
    }
  });
});
