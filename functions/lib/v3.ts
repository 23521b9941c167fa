/**
 * The v3 API: one library call (swedish-calendar) per row of the route table (contract/routes.ts). Matching, parameters, cache
 * policy, ETag/304 and HEAD come from the router (./router.ts); CORS, methods, limits and problems from serve().
 */
import { countPeriod, describeDay, planLeave, shiftDate, type Bounds, type LeaveObjective } from "swedish-calendar";
import type { Step } from "swedish-calendar/core";
import {
  bridgeDaysResource, catalogueResource, flagDayCatalogueResource, flagDaysResource, halfDaysResource, holidaysResource,
  longWeekendsResource, occurrenceSeries,
} from "../../contract/resources.js";
import { serializeJson } from "../../contract/serialize.js";
import { stockholmYear } from "./cache.js";
import { openApiBody } from "./openapi.js";
import { tableRouter, type RouteHandlers } from "./router.js";
import { serve, tableSurface } from "./serve.js";

/** A year argument, or the current year in Sweden when it was omitted. */
const yearOr = (value: unknown, now: Date): number => (value === undefined ? stockholmYear(now) : (value as number));

/** A date parameter as the table reads it: checked, and its text as sent (the library takes the text). */
interface DateArgument {
  text: string;
}

let catalogueBody: string | undefined;
let flagDayCatalogueBody: string | undefined;

export const V3_HANDLERS: RouteHandlers = {
  holidays: ({ args, ctx }) =>
    serializeJson(holidaysResource(yearOr(args.year, ctx.clock()), { sundays: args.sundays === true, saturdays: args.saturdays === true })),
  bridgeDays: ({ args, ctx }) => serializeJson(bridgeDaysResource(yearOr(args.year, ctx.clock()))),
  halfDays: ({ args, ctx }) => serializeJson(halfDaysResource(yearOr(args.year, ctx.clock()))),
  longWeekends: ({ args, ctx }) => serializeJson(longWeekendsResource(yearOr(args.year, ctx.clock()))),
  day: ({ args }) => serializeJson(describeDay(args.date as string)),
  period: ({ args }) => {
    const from = args.from as DateArgument;
    const to = args.to as DateArgument;
    return serializeJson(countPeriod(from.text, to.text, (args.bounds as Bounds | undefined) ?? "inclusive"));
  },
  shift: ({ args }) => {
    const date = args.date as DateArgument;
    return serializeJson(shiftDate(date.text, (args.add as Step[]).map((step) => step.text!), { postpone: args.postpone === true }));
  },
  leavePlan: ({ args }) => {
    const from = args.from as DateArgument;
    const to = args.to as DateArgument;
    return serializeJson(planLeave(from.text, to.text, args.days as number, (args.objective as LeaveObjective | undefined) ?? "most"));
  },
  observances: () => (catalogueBody ??= serializeJson(catalogueResource())),
  observance: ({ args, ctx }) => {
    const from = yearOr(args.from, ctx.clock());
    return serializeJson(occurrenceSeries(args.code as string, from, (args.to as number | undefined) ?? from));
  },
  flagDays: ({ args, ctx }) => serializeJson(flagDaysResource(yearOr(args.year, ctx.clock()))),
  flagDayCatalogue: () => (flagDayCatalogueBody ??= serializeJson(flagDayCatalogueResource())),
  openapi: () => openApiBody(),
};

/** The v3 router: reads the pathname and the query, never the host. */
export const routeV3 = tableRouter(V3_HANDLERS);

/** Every /v3 request: validation, engine, serialisation, with the shared HTTP rules of serve(). */
export const handleV3 = serve(tableSurface("v3"), routeV3);
