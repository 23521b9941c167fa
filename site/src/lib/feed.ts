/** The calendar feed URL (SPEC.md "Calendar feed"): only options that differ from the defaults are sent. */

export const FEED_PATH = "/ical/svenska-helgdagar.ics";

export interface FeedOptions {
  defacto: boolean;
  bridge: boolean;
  half: boolean;
  saturdays: boolean;
  sundays: boolean;
  busy: boolean;
}

export const FEED_DEFAULTS: FeedOptions = { defacto: true, bridge: false, half: false, saturdays: false, sundays: false, busy: false };

export const FEED_OPTION_ORDER: (keyof FeedOptions)[] = ["defacto", "bridge", "half", "saturdays", "sundays", "busy"];

export function feedQuery(options: FeedOptions): string {
  const params = new URLSearchParams();
  for (const key of FEED_OPTION_ORDER) if (options[key] !== FEED_DEFAULTS[key]) params.set(key, String(options[key]));
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
