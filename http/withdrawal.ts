/**
 * The withdrawal timeline of the v2 endpoints (docs/contract.md#withdrawal-of-v2, docs/decisions.md#v2-withdrawal).
 * Pure: the configuration and the moment are passed in, so tests walk the whole timeline with a fixed clock.
 *
 *   no announcement (or      Link only; 5 requests per 10 s
 *   before its moment)
 *   announcement A           + Deprecation: @<A in epoch seconds>, Sunset: <A + 6 months as an HTTP date>
 *   A + 1 month              limit 3 per 10 s
 *   A + 3 months             limit 1 per 10 s
 *   sunset − 1 month         configured one-hour brownout windows answer 410 gone
 *   sunset (A + 6 months)    every request answers 410 gone, for good
 *
 * A client over the limit is blocked for 10 seconds in every phase.
 */
import {
  RATE_LIMITS,
  type RateLimit,
  V2_LIMIT_AFTER_ONE_MONTH,
  V2_LIMIT_AFTER_THREE_MONTHS,
} from "../contract/policies.js";

const V2_LIMIT = RATE_LIMITS.v2;

/** The deprecation notice page the site publishes; relative, resolved against the request URL (RFC 8288). */
export const DEFAULT_NOTICE_URL = "/v2-deprecation/";
export const BROWNOUT_MS = 60 * 60 * 1000;
export const V2_WINDOW_SECONDS = V2_LIMIT.windowSeconds;
export const V2_BLOCK_SECONDS = V2_LIMIT.blockSeconds;

export interface Brownout {
  /** the window is [start, start + 1 hour) */
  start: Date;
}

export interface WithdrawalConfig {
  /** the announcement moment; absent = no end date exists yet */
  announcedAt?: Date;
  brownouts: Brownout[];
  noticeUrl: string;
}

export interface WithdrawalState {
  /** Link, and once announced Deprecation and Sunset: sent on every v2 response */
  headers: Record<string, string>;
  /** the v2 rate limit at this moment */
  rateLimit: RateLimit;
  /** set when v2 answers 410 at this moment */
  gone?: { reason: "sunset" | "brownout"; detail: string; retryAfterSeconds?: number };
  sunset?: Date;
}

/** Adds calendar months in UTC, keeping the time of day and clamping to the end of a shorter month. */
export function addUtcMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(y, m, Math.min(date.getUTCDate(), lastDay));
  return result;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A strict ISO 8601 instant (a date alone means midnight UTC); undefined when unreadable. */
export function parseInstant(text: string): Date | undefined {
  const value = text.trim();
  if (!ISO_INSTANT.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The configuration from the environment:
 * - `V2_ANNOUNCED_AT`: ISO 8601 instant of the announcement (e.g. 2026-01-15T09:00:00Z); unset = not announced;
 * - `V2_BROWNOUTS`: comma-separated ISO 8601 starts of one-hour brownout windows;
 * - `V2_NOTICE_URL`: the deprecation notice (default /v2-deprecation/).
 * Unreadable values are ignored with a warning (so a typo never takes v2 down), and reported in `warnings`.
 */
export function withdrawalConfigFromEnv(
  env: Record<string, string | undefined>,
): WithdrawalConfig & { warnings: string[] } {
  const warnings: string[] = [];
  let announcedAt: Date | undefined;
  const announced = env.V2_ANNOUNCED_AT?.trim();
  if (announced) {
    announcedAt = parseInstant(announced);
    if (!announcedAt) warnings.push(`V2_ANNOUNCED_AT is not an ISO 8601 instant: '${announced}' (ignored)`);
  }
  const brownouts: Brownout[] = [];
  for (const part of (env.V2_BROWNOUTS ?? "").split(",")) {
    if (!part.trim()) continue;
    const start = parseInstant(part);
    if (start) brownouts.push({ start });
    else warnings.push(`V2_BROWNOUTS entry is not an ISO 8601 instant: '${part.trim()}' (ignored)`);
  }
  const noticeUrl = env.V2_NOTICE_URL?.trim() || DEFAULT_NOTICE_URL;
  return { announcedAt, brownouts, noticeUrl, warnings };
}

export function linkHeader(noticeUrl: string): string {
  return `<${noticeUrl}>; rel="deprecation", <${noticeUrl}>; rel="sunset"`;
}

/** Where v2 stands at a moment. */
export function withdrawalState(config: WithdrawalConfig, now: Date): WithdrawalState {
  const headers: Record<string, string> = { Link: linkHeader(config.noticeUrl) };
  const rateLimit = (limit: number): RateLimit => ({
    limit,
    windowSeconds: V2_WINDOW_SECONDS,
    blockSeconds: V2_BLOCK_SECONDS,
  });
  if (!config.announcedAt) return { headers, rateLimit: rateLimit(V2_LIMIT.limit) };
  // Whole seconds: the Deprecation header and the HTTP date of Sunset carry no fractions, and the timeline follows them.
  const announced = new Date(Math.floor(config.announcedAt.getTime() / 1000) * 1000);
  // An announcement configured ahead of time takes effect at its moment, not before.
  if (now.getTime() < announced.getTime()) return { headers, rateLimit: rateLimit(V2_LIMIT.limit) };

  const sunset = addUtcMonths(announced, 6);
  headers.Deprecation = `@${announced.getTime() / 1000}`;
  headers.Sunset = sunset.toUTCString();

  const t = now.getTime();
  const limit =
    t >= addUtcMonths(announced, 3).getTime()
      ? V2_LIMIT_AFTER_THREE_MONTHS
      : t >= addUtcMonths(announced, 1).getTime()
        ? V2_LIMIT_AFTER_ONE_MONTH
        : V2_LIMIT.limit;
  const state: WithdrawalState = { headers, rateLimit: rateLimit(limit), sunset };

  if (t >= sunset.getTime()) {
    state.gone = {
      reason: "sunset",
      detail: `the unversioned API was withdrawn on ${headers.Sunset}; use /v3/ (see ${config.noticeUrl})`,
    };
    return state;
  }
  const brownoutsFrom = addUtcMonths(sunset, -1).getTime();
  for (const { start } of config.brownouts) {
    const s = start.getTime();
    if (s < brownoutsFrom || s >= sunset.getTime()) continue; // only windows in the last month before the sunset count
    const end = Math.min(s + BROWNOUT_MS, sunset.getTime());
    if (t >= s && t < end) {
      state.gone = {
        reason: "brownout",
        detail: `the unversioned API is unavailable until ${new Date(end).toUTCString()} (a planned brownout before its withdrawal on ${headers.Sunset}); use /v3/ (see ${config.noticeUrl})`,
        retryAfterSeconds: Math.max(1, Math.ceil((end - t) / 1000)),
      };
      break;
    }
  }
  return state;
}
