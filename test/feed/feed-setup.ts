/** The feed tests' fixed clock, addresses and option combinations. */
import { FEED_OPTION_NAMES, type FeedOptions } from "swedish-calendar/ics";
import { handleFeed } from "../../http/feed.js";

/** A fixed moment: 2026-03-15 noon UTC, so the window is 2024..2028. */
export const NOW = new Date("2026-03-15T12:00:00Z");
export const clock = () => NOW;
export const WINDOW = [2024, 2025, 2026, 2027, 2028];
export const BASE = "https://swedish-calendar.example";
export const FEED = `${BASE}/ical/svenska-helgdagar.ics`;

export const get = (url: string, init?: RequestInit) => handleFeed(new Request(url, init), { clock });

/** Every combination of the seven options, as objects. */
export const ALL_OPTIONS: FeedOptions[] = Array.from({ length: 1 << FEED_OPTION_NAMES.length }, (_, bits) => {
  const o = {} as FeedOptions;
  FEED_OPTION_NAMES.forEach((name, i) => {
    o[name] = (bits & (1 << i)) !== 0;
  });
  return o;
});

export function query(options: FeedOptions): string {
  return FEED_OPTION_NAMES.map((n) => `${n}=${options[n]}`).join("&");
}
