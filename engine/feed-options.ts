/**
 * The options of the calendar feed (docs/contract.md#calendar-feed): their names, order and defaults.
 * This module imports nothing, so the site's browser code can share it without pulling in the feed's writer
 * (engine/feed.ts).
 */

/** The options of the feed as its functions take them: any option left out (or undefined) has its default. */
export interface FeedOptions {
  /** include the de facto holidays (the five eves); default `true` */
  defacto?: boolean;
  /** include bridge days (klämdagar); default `false` */
  bridge?: boolean;
  /** include half days (halvdagar); default `false` */
  half?: boolean;
  /** include every Saturday; default `false` */
  saturdays?: boolean;
  /** include every Sunday; default `false` */
  sundays?: boolean;
  /** include the official flag days (from 1983) as events of their own; default `false` */
  flags?: boolean;
  /** mark events as busy (TRANSP:OPAQUE) rather than free (TRANSP:TRANSPARENT); default `false` */
  busy?: boolean;
  /**
   * the codes of the due-date schedules (engine/duedates.ts) whose dates are added as events, in any order (the feed
   * lists them in catalogue order); default none (`[]`). Not a boolean: the `due` parameter is a comma list.
   */
  due?: readonly string[];
}

/** Every option given: what the feed is written from, and what the service and the site's feed builder hold. */
export type ResolvedFeedOptions = Required<FeedOptions>;

/** The boolean option names in their fixed order (query strings, the site's form); `due` is a list of its own. */
export const FEED_OPTION_NAMES = [
  "defacto",
  "bridge",
  "half",
  "saturdays",
  "sundays",
  "flags",
  "busy",
] as const satisfies readonly (keyof FeedOptions)[];

/** The defaults, as FeedOptions' comments state them. */
export const DEFAULT_FEED_OPTIONS: Readonly<ResolvedFeedOptions> = Object.freeze({
  defacto: true,
  bridge: false,
  half: false,
  saturdays: false,
  sundays: false,
  flags: false,
  busy: false,
  due: Object.freeze([]) as readonly string[],
});

/** The options, each one left out with its default (no check of their types: the feed's functions check those first). */
export function resolveFeedOptions(options: FeedOptions): ResolvedFeedOptions {
  const resolved: ResolvedFeedOptions = { ...DEFAULT_FEED_OPTIONS };
  for (const name of FEED_OPTION_NAMES) {
    const value = options[name];
    if (value !== undefined) resolved[name] = value;
  }
  if (options.due !== undefined) resolved.due = options.due;
  return resolved;
}
