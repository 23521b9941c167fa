/**
 * The body of every v3 row that answers JSON: one library call (swedish-calendar) per row of the route table, in the
 * envelope the contract declares (contract/resources.ts). The HTTP handlers (./v3.ts) serialise it, the MCP tools
 * (./mcp-tools.ts) return it and the OpenAPI examples (./openapi.ts) show it. A module of its own so that those
 * can import it without importing the v3 handler (which serves the OpenAPI document: no import cycle).
 */
import { adjust, countPeriod, describeDay, planLeave, shiftDate, type Bounds, type Convention, type DayOfMonth, type LeaveObjective } from "swedish-calendar";
import type { Step } from "swedish-calendar/core";
import type { RouteId } from "../../contract/routes.js";
import {
  dueDateCatalogueResource, dueDatesResource,
  bridgeDaysResource, catalogueResource, flagDayCatalogueResource, flagDaysResource, halfDaysResource, holidaysResource,
  longWeekendsResource, occurrenceSeries,
} from "../../contract/resources.js";
import { stockholmYear } from "./cache.js";
import type { RouteArguments } from "./router.js";

/** A year argument, or the current year in Sweden when it was omitted. */
const yearOr = (value: unknown, now: Date): number => (value === undefined ? stockholmYear(now) : (value as number));

/** A row's body from its parsed arguments and "now" (an omitted year is the current year in Sweden). */
export type BodyOf = (args: RouteArguments, now: Date) => unknown;

/** The body of every v3 row that answers JSON from the engine. */
export const V3_BODIES = {
  holidays: (args, now) => holidaysResource(yearOr(args.year, now), { sundays: args.sundays === true, saturdays: args.saturdays === true }),
  bridgeDays: (args, now) => bridgeDaysResource(yearOr(args.year, now)),
  halfDays: (args, now) => halfDaysResource(yearOr(args.year, now)),
  longWeekends: (args, now) => longWeekendsResource(yearOr(args.year, now)),
  day: (args) => describeDay(args.date as string),
  // date parameters arrive checked and as sent (contract/routes.ts isoDateText): the library takes the text
  period: (args) => countPeriod(args.from as string, args.to as string, (args.bounds as Bounds | undefined) ?? "inclusive"),
  shift: (args) => shiftDate(args.date as string, (args.add as Step[]).map((step) => step.text!), { postpone: args.postpone === true }),
  leavePlan: (args) =>
    planLeave(args.from as string, args.to as string, args.days as number, (args.objective as LeaveObjective | undefined) ?? "most"),
  observances: () => catalogueResource(),
  observance: (args, now) => {
    const from = yearOr(args.from, now);
    return occurrenceSeries(args.code as string, from, (args.to as number | undefined) ?? from);
  },
  flagDays: (args, now) => flagDaysResource(yearOr(args.year, now)),
  flagDayCatalogue: () => flagDayCatalogueResource(),
  adjust: (args) => adjust(args.date as string, args.convention as Convention),
  dueDates: (args, now) =>
    dueDatesResource(yearOr(args.year, now), {
      schedule: args.schedule as string | undefined,
      day: args.day as DayOfMonth | undefined,
      convention: args.convention as Convention | undefined,
    }),
  dueDateCatalogue: () => dueDateCatalogueResource(),
} satisfies Partial<Record<RouteId, BodyOf>>;

export type V3BodyRoute = keyof typeof V3_BODIES;
