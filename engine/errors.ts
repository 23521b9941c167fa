/**
 * The one error the engine throws: bad input, said in words (the message names the argument at fault and the
 * accepted form, as the API's problem `detail` does), with a machine code and the argument's name. No HTTP here:
 * the contract maps each code to a problem slug and a status (contract/problems.ts).
 */

/**
 * - `invalid-argument`: malformed, out of range (1930-9999), out of order or too long;
 * - `invalid-date`: well-formed but not a calendar date (2023-02-29);
 * - `unknown-code`: no observance has the code.
 */
export type CalendarErrorCode = "invalid-argument" | "invalid-date" | "unknown-code";

export const CALENDAR_ERROR_CODES: readonly CalendarErrorCode[] = ["invalid-argument", "invalid-date", "unknown-code"];

/**
 * Thrown for bad input by every function of the library.
 *
 * @example
 * try { describeDay("2023-02-29"); } catch (e) {
 *   if (e instanceof CalendarError) console.log(e.code, e.argument, e.message);
 *   // invalid-date date 'date' is not a calendar date: 2023-02-29 does not exist
 * }
 */
export class CalendarError extends Error {
  readonly code: CalendarErrorCode;
  /** the name of the argument at fault (as the API names its parameter) */
  readonly argument: string | undefined;

  constructor(code: CalendarErrorCode, argument: string | undefined, message: string) {
    super(message);
    this.name = "CalendarError";
    this.code = code;
    this.argument = argument;
  }
}

export function invalidArgument(argument: string, message: string): CalendarError {
  return new CalendarError("invalid-argument", argument, message);
}

/**
 * An argument that was not given: the same words for every argument, in the library and in the API (whose route
 * table answers every absent required parameter with this, contract/routes.ts).
 */
export function missingArgument(argument: string): CalendarError {
  return invalidArgument(argument, `'${argument}' is required`);
}
