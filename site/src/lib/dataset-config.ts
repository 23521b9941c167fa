/**
 * Build time only (the home page's frontmatter; never bundled for the browser): the dataset configuration the page
 * carries for ./dataset.ts, derived, not written down: each file's template from the route table's `static`
 * declaration of its route (contract/routes.ts, the default variant of a flagged file chosen with
 * contract/static.ts fillFile) or the static-only files' table, and the years the deploy build writes files for
 * (build/deployed.ts deployedRange).
 */

import { deployedRange } from "../../../build/deployed.ts";
import { ROUTE_BY_ID, type RouteId, STATIC_ONLY_FILES } from "../../../contract/routes.ts";
import { fillFile } from "../../../contract/static.ts";
import type { DatasetConfig, DatasetFileName } from "./dataset.ts";

/** A route's file template with its placeholders kept and its flags' default (`false`) parts chosen. */
function routeTemplate(id: RouteId): string {
  const answer = ROUTE_BY_ID[id].static;
  if (!answer) throw new Error(`route ${id} has no static file`);
  const names = [...answer.file.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fillFile(answer, Object.fromEntries(names.map((name) => [name, `:${name}`])));
}

export function datasetConfig(now = new Date()): DatasetConfig {
  const routes: Exclude<DatasetFileName, "yearDays" | "workingTimeCsv">[] = [
    "holidays",
    "bridgeDays",
    "halfDays",
    "longWeekends",
    "dueDates",
    "dueDateCatalogue",
    "workingTime",
  ];
  const files = Object.fromEntries(routes.map((id) => [id, routeTemplate(id)])) as Record<DatasetFileName, string>;
  files.yearDays = STATIC_ONLY_FILES.yearDays.file;
  files.workingTimeCsv = STATIC_ONLY_FILES.workingTimeCsv.file;
  return { years: deployedRange(now).years, files };
}
