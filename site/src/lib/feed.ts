/** The calendar feed URL (docs/contract.md#calendar-feed): only options that differ from the defaults are sent. */

import { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type ResolvedFeedOptions } from "swedish-calendar/core";

import { PATHS } from "../../../contract/paths.ts";
import { capitalise, type Lang, listText } from "./i18n.ts";

export const FEED_PATH = PATHS.feed;

/** The option names, order and defaults are the engine's (a dependency-free module: no feed writer in the browser bundle). */
export { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type ResolvedFeedOptions };

export function feedQuery(options: ResolvedFeedOptions): string {
  const params = new URLSearchParams();
  for (const key of FEED_OPTION_NAMES)
    if (options[key] !== DEFAULT_FEED_OPTIONS[key]) params.set(key, String(options[key]));
  // the due-date schedules: a comma list of codes (the feed lists them in catalogue order, whatever the order here)
  // (written by hand: URLSearchParams would write the commas as %2C; the codes are letters, digits and hyphens)
  const due = options.due && options.due.length > 0 ? `due=${options.due.map(encodeURIComponent).join(",")}` : "";
  const query = [params.toString(), due].filter(Boolean).join("&");
  return query ? `?${query}` : "";
}

/** How a feed address is written: webcal makes calendar apps offer to subscribe. */
export type FeedScheme = "webcal" | "https" | "http";

/** `https://host/ical/...`, `webcal://host/...` or `http://host/...`. */
export function feedUrl(host: string, options: ResolvedFeedOptions, scheme: FeedScheme): string {
  return `${scheme}://${host}${FEED_PATH}${feedQuery(options)}`;
}

/** What the feed builder reads of the page's address (`location`, or a fake one in a test). */
export interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The feed addresses to offer on a page, in order, following the page's own scheme: on an https page `webcal://`
 * (to subscribe) and `https://` (for apps that do not take webcal); on a page served over plain HTTP (a server of
 * one's own without TLS) only its `http://` address, since neither an https address nor a webcal one (which apps
 * may fetch over https) would reach that server.
 */
export function feedAddresses(page: PageLocation, options: ResolvedFeedOptions): { scheme: FeedScheme; url: string }[] {
  const schemes: FeedScheme[] = page.protocol === "http:" ? ["http"] : ["webcal", "https"];
  return schemes.map((scheme) => ({ scheme, url: feedUrl(page.host, options, scheme) }));
}

/** What the chosen feed holds, for a friendly preview (docs/decisions.md#calendar-feed: X-WR-CALNAME follows the options). */
export function feedDescription(
  options: ResolvedFeedOptions,
  lang: Lang = "en",
  dueNames: Record<string, string> = {},
): string {
  const w = FEED_WORDS[lang];
  const parts = [options.defacto ? w.defacto : w.public];
  if (options.bridge) parts.push(w.bridge);
  if (options.half) parts.push(w.half);
  if (options.saturdays) parts.push(w.saturdays);
  if (options.sundays) parts.push(w.sundays);
  if ("flags" in options && options.flags) parts.push(w.flags); // the flag-day option, where the engine has it
  if (options.due && options.due.length > 0)
    parts.push(
      w.due(
        listText(
          options.due.map((code) => dueNames[code] ?? code),
          lang,
        ),
      ),
    );
  return capitalise(w.sentence(listText(parts, lang), options.busy));
}

const FEED_WORDS: Record<
  Lang,
  {
    public: string;
    defacto: string;
    bridge: string;
    half: string;
    saturdays: string;
    sundays: string;
    flags: string;
    due: (names: string) => string;
    sentence: (list: string, busy: boolean) => string;
  }
> = {
  en: {
    public: "public holidays",
    defacto: "public and de facto holidays",
    bridge: "bridge days",
    half: "half days",
    saturdays: "every Saturday",
    sundays: "every Sunday",
    flags: "the flag days",
    due: (names) => `the payment dates (${names})`,
    sentence: (list, busy) => `${list}, shown as ${busy ? "busy" : "free"} time, for this year ± 2 years.`,
  },
  sv: {
    public: "allmänna helgdagar",
    defacto: "allmänna och de facto-helgdagar",
    bridge: "klämdagar",
    half: "halvdagar",
    saturdays: "varje lördag",
    sundays: "varje söndag",
    flags: "flaggdagarna",
    due: (names) => `betalningsdagarna (${names})`,
    sentence: (list, busy) => `${list}, visade som ${busy ? "upptagen" : "ledig"} tid, för i år ± 2 år.`,
  },
};
