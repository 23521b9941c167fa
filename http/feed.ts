/**
 * The calendar subscription feed over HTTP (docs/contract.md#calendar-feed): its two routes serve the
 * same calendar. The window is the current year in Sweden ± 2 and cannot be changed.
 */
import { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type ResolvedFeedOptions, writeFeed } from "swedish-calendar/core";
import { stockholmYear } from "./cache.js";
import { respond, serve } from "./pipeline.js";
import { tableRateLimitGroup } from "./request-context.js";
import { type ArgsOf, type RouteCall, type RouteHandlers, tableRouter } from "./router.js";

/** Years before and after the current year in Sweden. */
export const FEED_WINDOW_RADIUS = 2;

/**
 * The options of a request: the router has read each declared option as a loose boolean, an absent one as its
 * declared default (the engine's DEFAULT_FEED_OPTIONS, contract/parameters.ts `feedOption`).
 */
export function feedOptionsOf(args: ArgsOf<"feed">): ResolvedFeedOptions {
  const options: ResolvedFeedOptions = { ...DEFAULT_FEED_OPTIONS };
  for (const name of FEED_OPTION_NAMES) options[name] = args[name];
  // `due` as the router read it: catalogue codes, in catalogue order (absent: none, the engine's default)
  if (args.due !== undefined) options.due = args.due;
  return options;
}

/**
 * Built feeds of the current window, by option set (128 boolean sets times 8 sets of due-date schedules at most);
 * emptied when the window moves.
 */
const built = new Map<string, string>();
let builtFor: number | undefined;

function feedBody(year: number, options: ResolvedFeedOptions): string {
  if (builtFor !== year) {
    built.clear();
    builtFor = year;
  }
  const key = FEED_OPTION_NAMES.map((n) => (options[n] ? "1" : "0")).join("") + options.due.join(",");
  let body = built.get(key);
  if (body === undefined) {
    body = writeFeed(year - FEED_WINDOW_RADIUS, year + FEED_WINDOW_RADIUS, options);
    built.set(key, body);
  }
  return body;
}

const feed = ({ args, ctx }: RouteCall<"feed" | "feedAlias">) =>
  feedBody(stockholmYear(ctx.clock()), feedOptionsOf(args));

export const FEED_HANDLERS: RouteHandlers = { feed, feedAlias: feed };

/** Every feed request: options, window from the clock, ETag/304, with the shared HTTP rules of serve(). */
export const answerFeed = serve(tableRateLimitGroup("feed"), tableRouter(FEED_HANDLERS));
export const handleFeed = respond(answerFeed);
