/**
 * `swedish-calendar/core`: the day-number engine the library (`swedish-calendar`) and the service are built on.
 * Dates are integer day numbers here (dates.ts); the rules tables, the classification, the year lists, period,
 * shift, catalogue, time off, flag days, business-day conventions and due dates, the input grammar. Pure functions, no I/O, no clock.
 */
export * from "./dates.js";
export * from "./easter.js";
export * from "./rules.js";
export * from "./errors.js";
export * from "./validation.js";
export * from "./calendar.js";
export * from "./period.js";
export * from "./shift.js";
export * from "./catalogue.js";
export * from "./timeoff.js";
export * from "./flagdays.js";
export * from "./business.js";
export * from "./duedates.js";
export * from "./types.js";
export * from "./feed-options.js";
export * from "./constants.js";
export * from "./data-version.js";
