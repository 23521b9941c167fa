/** The calendar feed URL (SPEC.md "Calendar feed"): only options that differ from the defaults are sent. */

import { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type FeedOptions } from "../../../data-gen/feed-options.ts";

import { PATHS } from "../../../contract/paths.ts";

export const FEED_PATH = PATHS.feed;

/** The option names, order and defaults are the engine's (a dependency-free module: no `ics` in the browser bundle). */
export { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type FeedOptions };

export function feedQuery(options: FeedOptions): string {
  const params = new URLSearchParams();
  for (const key of FEED_OPTION_NAMES) if (options[key] !== DEFAULT_FEED_OPTIONS[key]) params.set(key, String(options[key]));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** `https://host/ical/...` or `webcal://host/...` (webcal makes calendar apps offer to subscribe). */
export function feedUrl(host: string, options: FeedOptions, scheme: "https" | "webcal"): string {
  return `${scheme}://${host}${FEED_PATH}${feedQuery(options)}`;
}

/** The calendar's name as the feed will show it, for a friendly preview (DECISIONS.md: X-WR-CALNAME follows the options). */
export function feedDescription(options: FeedOptions): string {
  const parts = [options.defacto ? "public and de facto holidays" : "public holidays"];
  if (options.bridge) parts.push("bridge days");
  if (options.half) parts.push("half days");
  if (options.saturdays) parts.push("every Saturday");
  if (options.sundays) parts.push("every Sunday");
  const list = parts.length > 1 ? parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1] : parts[0];
  return `${list[0]!.toUpperCase()}${list.slice(1)}, shown as ${options.busy ? "busy" : "free"} time, for this year ± 2 years.`;
}
