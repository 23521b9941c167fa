/**
 * The body of every v3 route that answers JSON: one engine call per route, in the envelope the contract
 * declares (contract/resources.ts). The HTTP handlers (./v3.ts) serialise it, the MCP tools (./mcp-tools.ts) return it
 * and the OpenAPI examples (./openapi.ts) show it. A module of its own so that those can import it without importing
 * the v3 handler (which serves the OpenAPI document: no import cycle).
 *
 * Each body receives its route's arguments as the argument reader read them (contract/arguments.ts `ArgsOf`): dates as
 * day numbers, steps, conventions, the observance's and the schedule's rules, each checked once. So the bodies call
 * the engine's functions over read values (swedish-calendar/core), which trust their arguments, not the library's
 * public functions, which would read the same text again. An omitted parameter with a declared default arrives as its
 * default (`bounds`, `sundays`, `postpone`, `objective`): no body restates one; only the clock's defaults are here (an
 * omitted year is the current year in Sweden, an omitted `to` of the observance's years is `from`).
 */

import type { Static } from "@sinclair/typebox";
import { adjustment, dayOf, leavePlan, type OptionsOf, period, shift } from "swedish-calendar/core";
import type { BODIES } from "../contract/bodies.js";
import {
  bridgeDaysResource,
  catalogueResource,
  dueDateCatalogueResource,
  dueDatesResource,
  flagDayCatalogueResource,
  flagDaysResource,
  halfDaysResource,
  holidaysResource,
  longWeekendsResource,
  ruleOccurrenceSeries,
  workingTimeResource,
} from "../contract/resources.js";
import type { RouteBodySchema, RouteId } from "../contract/routes.js";
import { stockholmYear } from "./cache.js";
import type { ArgsOf } from "./router.js";

/** A year argument, or the current year in Sweden when it was omitted. */
const yearOr = (value: number | undefined, now: Date): number => value ?? stockholmYear(now);

/** A route's body from its read arguments and "now" (an omitted year is the current year in Sweden). */
export type BodyOf<R extends RouteId> = (args: ArgsOf<R>, now: Date) => unknown;

/** The routes whose body the engine answers. */
export type V3BodyRoute =
  | "holidays"
  | "bridgeDays"
  | "halfDays"
  | "longWeekends"
  | "day"
  | "period"
  | "shift"
  | "leavePlan"
  | "observances"
  | "observance"
  | "flagDays"
  | "flagDayCatalogue"
  | "adjust"
  | "dueDates"
  | "dueDateCatalogue"
  | "workingTime";

/** The type of a route's body: the static type of its schema in contract/bodies.ts. */
export type V3Body<R extends V3BodyRoute> = Static<(typeof BODIES)[RouteBodySchema<R>]>;

/** The body of every v3 route that answers JSON from the engine. */
export const V3_BODIES: { readonly [R in V3BodyRoute]: BodyOf<R> } = {
  holidays: (args, now) => holidaysResource(yearOr(args.year, now), args),
  bridgeDays: (args, now) => bridgeDaysResource(yearOr(args.year, now)),
  halfDays: (args, now) => halfDaysResource(yearOr(args.year, now)),
  longWeekends: (args, now) => longWeekendsResource(yearOr(args.year, now)),
  day: (args) => dayOf(args.date),
  // a date is read into its day number; its text, canonical, is the one the answer echoes (toIsoDate)
  period: (args) => period(args.from, args.to, args.bounds),
  shift: (args) => shift(args.date, args.add, args),
  leavePlan: (args) => leavePlan(args.from, args.to, args.days, args.objective),
  observances: () => catalogueResource(),
  observance: (args, now) => {
    const from = yearOr(args.from, now);
    return ruleOccurrenceSeries(args.code, from, args.to ?? from);
  },
  flagDays: (args, now) => flagDaysResource(yearOr(args.year, now)),
  flagDayCatalogue: () => flagDayCatalogueResource(),
  adjust: (args) => adjustment(args.date, args.convention),
  dueDates: (args, now) => dueDatesResource(yearOr(args.year, now), args),
  dueDateCatalogue: () => dueDateCatalogueResource(),
  workingTime: (args, now) => workingTimeResource(yearOr(args.year, now), args),
};

/**
 * A route whose engine function takes options reads them as parameters of the same names (engine/signatures.ts), and
 * its body passes its arguments as those options, by name (a new option of the same call needs no line here): a
 * parameter named otherwise fails to compile here. Their kinds: test/contract/engine-options.test.ts.
 */
type Carries<R extends V3BodyRoute, Options> = [Exclude<keyof Options, keyof ArgsOf<R>>] extends [never] ? true : false;
type True<T extends true> = T;
// biome-ignore lint/correctness/noUnusedVariables: the check is that this type compiles; nothing reads it
type RoutesCarryEngineOptions = [
  True<Carries<"holidays", OptionsOf<"holidays">>>,
  True<Carries<"shift", OptionsOf<"shiftDate">>>,
  True<Carries<"workingTime", OptionsOf<"workingTime">>>,
];

/** The body of a route for its arguments (a route's body and its arguments belong to the same route). */
export function bodyOf<R extends V3BodyRoute>(route: R, args: ArgsOf<R>, now: Date): unknown {
  const body: BodyOf<R> = V3_BODIES[route];
  return body(args, now);
}

/** Whether a route's body is the engine's (V3_BODIES). */
export const isV3BodyRoute = (id: RouteId): id is V3BodyRoute => Object.hasOwn(V3_BODIES, id);
