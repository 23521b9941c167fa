/** The calendar engine: pure functions, no I/O, no clock. */
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
