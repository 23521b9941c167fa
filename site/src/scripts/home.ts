/**
 * Home page behaviour, in the page's language (`<html lang>`), one module per widget under ./home/: the year view
 * (the year picker, today on the month grids), the leave planner, pay and payment dates, working time, the feed subscription
 * builder, and the period and shift calculators. Plain DOM code; every API value is escaped or set as text.
 */

import { initCalculators } from "./home/calculators.ts";
import { initFeedBuilder } from "./home/feed-builder.ts";
import { initPay } from "./home/pay.ts";
import { initPlanner } from "./home/planner.ts";
import { initWorkingTime } from "./home/working-time.ts";
import { initYearView, openInitialYear } from "./home/year.ts";

initYearView();
// the widgets that mark the grids and follow the shown year register before the first year is decorated
initPlanner();
initPay();
initWorkingTime();
initFeedBuilder();
initCalculators();
openInitialYear();
