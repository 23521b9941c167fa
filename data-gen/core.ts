/**
 * `swedish-calendar/core`: the day-number engine the library (`swedish-calendar`) and the service are built on.
 * Dates are integer day numbers here (dates.ts); the rules tables, the classification, the year lists, period,
 * shift, catalogue, time off, flag days, business-day conventions and due dates, the input grammar. Pure functions, no I/O, no clock.
 *
 * The readers of input (the parse… functions, findRule, findDueDateRule, checkYearRange) check the type of what they
 * read as the library's functions do (a wrong type is invalid-argument naming it). The functions over day numbers and
 * rules trust their arguments: they are the fast path for code that has read its input with those.
 */
export * from "./dates.js";
export * from "./easter.js";
export * from "./rules.js";
export * from "./errors.js";
export * from "./validation.js";
export * from "./signatures.js";
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
