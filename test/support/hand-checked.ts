/**
 * Answers worked out by hand from a wall calendar, declared once for the tests of the engine, the API and the site
 * that must each give them.
 */

/** The bridge days of 2024 (docs/contract.md#bridge-days-and-half-days). */
export const BRIDGE_DAYS_2024 = ["2024-05-10", "2024-06-07", "2024-12-23", "2024-12-27", "2024-12-30"];

/** The half days of 2024: the working days before a public observance (docs/decisions.md#half-days). */
export const HALF_DAYS_2024 = ["2024-01-05", "2024-03-28", "2024-04-30", "2024-05-08", "2024-06-05", "2024-11-01"];

/**
 * The leave plan of April-June 2026 with 3 days, most days off: Maundy Thursday (5 days), 30 April (4), the Ascension
 * bridge day (4).
 */
export const LEAVE_PLAN_APRIL_JUNE_2026 = {
  from: "2026-04-01",
  to: "2026-06-30",
  budget: 3,
  objective: "most",
  used: 3,
  daysOff: 13,
  breaks: [
    { start: "2026-04-02", end: "2026-04-06", days: 5, leaveDays: ["2026-04-02"] },
    // 2026-05-04 would give 4 days too, but 30 April comes first
    { start: "2026-04-30", end: "2026-05-03", days: 4, leaveDays: ["2026-04-30"] },
    { start: "2026-05-14", end: "2026-05-17", days: 4, leaveDays: ["2026-05-15"] },
  ],
};

/** The salary-25 pay days of 2026: the 25th, or the banking day before it. */
export const SALARY_25_2026 = [
  "2026-01-23",
  "2026-02-25",
  "2026-03-25",
  "2026-04-24",
  "2026-05-25",
  "2026-06-25",
  "2026-07-24",
  "2026-08-25",
  "2026-09-25",
  "2026-10-23",
  "2026-11-25",
  "2026-12-23",
];
