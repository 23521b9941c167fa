import { type Day, dayOf } from "swedish-calendar/core";
import { d } from "./helpers.js";

export const codes = (day: Day) => day.observances.map((o) => o.code);
export const dayAt = (isoDate: string) => dayOf(d(isoDate));
