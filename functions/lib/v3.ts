/**
 * The v3 API: one engine call per row of the route table (contract/routes.ts). Matching, parameters, cache
 * policy, ETag/304 and HEAD come from the router (./router.ts); CORS, methods, limits and problems from serve().
 */
import { leavePlan, period, shift, type Bounds, type DayNumber, type LeaveObjective, type Step } from "../../data-gen/index.js";
import {
  bridgeDaysResource, catalogueResource, dayResource, flagDayCatalogueResource, flagDaysResource, halfDaysResource, holidaysResource,
  longWeekendsResource, occurrenceSeries,
} from "../../data-gen/resources.js";
import { serializeJson } from "../../data-gen/serialize.js";
import { stockholmYear } from "./cache.js";
import { openApiBody } from "./openapi.js";
import { tableRouter, type RouteHandlers } from "./router.js";
import { serve, tableSurface } from "./serve.js";

/** A year argument, or the current year in Sweden when it was omitted. */
const yearOr = (value: unknown, now: Date): number => (value === undefined ? stockholmYear(now) : (value as number));

interface DateArgument {
  day: DayNumber;
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
  day: ({ args }) => serializeJson(dayResource(args.date as DayNumber)),
  period: ({ args }) => {
    const from = args.from as DateArgument;
    const to = args.to as DateArgument;
    return serializeJson(period(from.day, to.day, (args.bounds as Bounds | undefined) ?? "inclusive", from.text, to.text));
  },
  shift: ({ args }) => {
    const date = args.date as DateArgument;
    return serializeJson(shift(date.day, args.add as Step[], args.postpone === true, date.text));
  },
  leavePlan: ({ args }) => {
    const from = args.from as DateArgument;
    const to = args.to as DateArgument;
    return serializeJson(leavePlan(from.day, to.day, args.days as number, (args.objective as LeaveObjective | undefined) ?? "most", from.text, to.text));
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
