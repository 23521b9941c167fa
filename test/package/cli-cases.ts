/**
 * The CLI runs of the tools test (./install-tools.test.ts): each --json run with the library call it must print, and
 * each bad command line with the one line it must print on stderr.
 */
import type { Call } from "./sample-checks.js";

/** Each run with --json, and the library call whose JSON.stringify it prints. */
export const JSON_RUNS: [string[], Call][] = [
  [
    ["day", "2026-06-19"],
    [".", "describeDay", "2026-06-19"],
  ],
  [
    ["holidays", "2026"],
    [".", "holidays", 2026, {}],
  ],
  [
    ["holidays", "1930", "--sundays", "--saturdays"],
    [".", "holidays", 1930, { sundays: true, saturdays: true }],
  ],
  [
    ["holidays", "9999", "--sundays"],
    [".", "holidays", 9999, { sundays: true }],
  ],
  [
    ["bridge-days", "2026"],
    [".", "bridgeDays", 2026],
  ],
  [
    ["half-days", "2026"],
    [".", "halfDays", 2026],
  ],
  [
    ["period", "2026-01-01", "2026-12-31"],
    [".", "countPeriod", "2026-01-01", "2026-12-31"],
  ],
  [
    ["period", "2026-01-01", "2026-12-31", "--bounds", "exclusive"],
    [".", "countPeriod", "2026-01-01", "2026-12-31", "exclusive"],
  ],
  [
    ["period", "2026-01-01", "2026-12-31", "--bounds=to"],
    [".", "countPeriod", "2026-01-01", "2026-12-31", "to"],
  ],
  [
    ["shift", "2026-01-31", "1m", "10b"],
    [".", "shiftDate", "2026-01-31", ["1m", "10b"], {}],
  ],
  [
    ["shift", "2026-01-31", "1m,10b", "--postpone"],
    [".", "shiftDate", "2026-01-31", ["1m,10b"], { postpone: true }],
  ],
  [
    ["shift", "2026-12-23", "-3b", "--postpone"],
    [".", "shiftDate", "2026-12-23", ["-3b"], { postpone: true }],
  ],
  [
    ["long-weekends", "2026"],
    [".", "longWeekends", 2026],
  ],
  [
    ["leave", "2026-01-01", "2026-12-31", "5"],
    [".", "planLeave", "2026-01-01", "2026-12-31", 5],
  ],
  [
    ["leave", "2026-01-01", "2026-12-31", "5", "--longest"],
    [".", "planLeave", "2026-01-01", "2026-12-31", 5, "longest"],
  ],
  [
    ["flag-days", "2026"],
    [".", "flagDays", 2026],
  ],
  [
    ["ics", "2026", "2027", "--bridge", "--flags"],
    ["./ics", "icsFeed", 2026, 2027, { bridge: true, flags: true }],
  ],
  [
    ["adjust", "2026-06-19", "modified-following"],
    [".", "adjust", "2026-06-19", "modified-following"],
  ],
  [
    ["adjust", "2026-05-31", "nearest"],
    [".", "adjust", "2026-05-31", "nearest"],
  ],
  [
    ["due-dates", "2026", "child-benefit"],
    [".", "dueDates", 2026, "child-benefit"],
  ],
  [
    ["due-dates", "2026", "25:preceding"],
    [".", "dueDates", 2026, { day: 25, convention: "preceding" }],
  ],
  [
    ["due-dates", "2026", "last:modified-following"],
    [".", "dueDates", 2026, { day: "last", convention: "modified-following" }],
  ],
  [
    ["working-time", "2026"],
    [".", "workingTime", 2026, { weeklyHours: 40 }],
  ],
  [
    ["arbetstid", "2027", "--weekly", "38.25", "--profile", "state"],
    [".", "workingTime", 2027, { weeklyHours: 38.25, profile: "state" }],
  ],
  [
    ["arbetstid", "2026", "--profile=standard", "--weekly=37.50"],
    [".", "workingTime", 2026, { weeklyHours: 37.5, profile: "standard" }],
  ],
];

// Swedish by default, English with --lang en (wherever it stands on the line); an argument is named by what it is
// and its value as typed, an option by its flag: never by the library's or the API's names ('toYear', 'add')
export const BAD_RUNS: [string[], string | RegExp][] = [
  [["day", "2023-02-29"], "2023-02-29 (datumet) finns inte i kalendern"],
  [["day", "2023-02-29", "--lang", "en"], "2023-02-29 (the date) does not exist in the calendar"],
  [["day", "2026-6-19"], "'2026-6-19' (datumet) är inget datum på formen ÅÅÅÅ-MM-DD"],
  [["day", "1929-12-31", "--lang=en"], "1929-12-31 (the date) is outside 1930-01-01..9999-12-31"],
  [["holidays", "1929"], "1929 (året) ligger utanför 1930–9999"],
  [["holidays", "26"], "'26' (året) är inget årtal med fyra siffror"],
  [["holidays", "+2026", "--lang", "en"], "'+2026' (the year) is not a year of four digits"],
  [["flag-days", "1982"], "1982 (året) är för tidigt: allmänna flaggdagar finns från 1983"],
  [["flag-days", "1982", "--lang", "en"], "1982 (the year) is too early: official flag days exist from 1983"],
  [["period", "2026-12-31", "2026-01-01"], "2026-01-01 (andra datumet) är före 2026-12-31 (första datumet)"],
  [
    ["period", "1930-01-01", "2130-01-02", "--lang", "en"],
    "2130-01-02 (the second date) is more than 200 years after 1930-01-01 (the first date)",
  ],
  [
    ["period", "2026-01-01", "2026-12-31", "--bounds", "both"],
    "'both' (--bounds) finns inte; välj inclusive, exclusive, from eller to",
  ],
  [
    ["shift", "2026-01-31", "5x"],
    /^'5x' \(steget\) är inget steg: ett heltal \(negativt för att gå bakåt\) följt av en enhet, d \(dagar\)/,
  ],
  [["shift", "2026-01-31", "1d", "5x", "--lang", "en"], /^'5x' \(the step\) is not a step: a whole number/],
  [["shift", "2026-01-31", ...Array(21).fill("1d")], "för många steg: högst 20 sammanlagt"],
  [["shift", "9999-12-31", "1d"], "stegen för datumet utanför 1930-01-01–9999-12-31"],
  [
    ["shift", "9999-12-31", "0d", "--postpone", "--lang", "en"],
    "the Sunday rule (--postpone) would move the date past 9999-12-31",
  ],
  [
    ["leave", "2026-01-01", "2026-12-31", "61"],
    "'61' (antalet semesterdagar) ska vara ett heltal från 1 till 60, skrivet med siffror",
  ],
  [
    ["leave", "2026-01-01", "2026-12-31", "5.0", "--lang", "en"],
    "'5.0' (the number of leave days) must be a whole number from 1 to 60, written in digits",
  ],
  [["leave", "2026-01-01", "2027-01-02", "5"], "perioden 2026-01-01–2027-01-02 är längre än 366 dagar"],
  [
    ["leave", "2026-02-01", "2026-01-01", "5", "--lang", "en"],
    "2026-01-01 (the second date) is before 2026-02-01 (the first date)",
  ],
  [["ics", "2027", "2026"], "2026 (andra året) är före 2027 (första året)"],
  [["ics", "2027", "2026", "--lang", "en"], "2026 (the second year) is before 2027 (the first year)"],
  [["ics", "2000", "2201"], "2201 (andra året) ligger mer än 200 år efter 2000 (första året)"],
  [["ics", "1929"], "1929 (första året) ligger utanför 1930–9999"],
  [
    ["ics", "2026", "--due", "salary-25,rent"],
    "'salary-25,rent' (--due) ska vara ett eller flera av salary-25, child-benefit och tax-account, med kommatecken emellan",
  ],
  [
    ["adjust", "2026-06-19", "sideways"],
    "'sideways' (konventionen) finns inte; välj following, preceding, modified-following, modified-preceding, nearest eller unadjusted",
  ],
  [
    ["adjust", "9999-12-31", "following", "--lang", "en"],
    "following (the convention) needs a business day outside 1930-01-01..9999-12-31",
  ],
  [
    ["due-dates", "2026", "nope"],
    "'nope' (schemat) finns inte; välj salary-25, child-benefit eller tax-account, eller en egen regel dag:konvention, till exempel 25:preceding",
  ],
  [
    ["due-dates", "2026", "nope", "--lang", "en"],
    "'nope' (the schedule) is not one of salary-25, child-benefit or tax-account, nor a rule of your own day:convention such as 25:preceding",
  ],
  [["due-dates", "2014", "child-benefit"], "2014 (året) är för tidigt: schemat child-benefit gäller från 2015"],
  [
    ["due-dates", "2026", "32:preceding"],
    "'32' (dagen i 32:preceding) ska vara en dag i månaden från 1 till 31, eller last",
  ],
  [
    ["due-dates", "2026", "25:next", "--lang", "en"],
    "'next' (the convention in 25:next) is not one of following, preceding, modified-following, modified-preceding, nearest or unadjusted",
  ],
  [[], "inget kommando angivet (se swedish-calendar --help)"],
  [["holiday", "2026"], "okänt kommando 'holiday' (se swedish-calendar --help)"],
  [["holiday", "2026", "--lang", "en"], "unknown command 'holiday' (see swedish-calendar --help)"],
  [["--verbose"], "okänd flagga '--verbose' (se swedish-calendar --help)"],
  [
    ["holidays"],
    "argumentet <year> saknas för 'holidays' (användning: swedish-calendar holidays <year> [--sundays] [--saturdays])",
  ],
  [["period", "2026-01-01", "--lang", "en"], /^missing argument <to> for 'period' \(usage: /],
  [["shift", "2026-01-01"], /^argumentet <step> saknas för 'shift'/],
  [["leave", "2026-01-01", "2026-12-31"], /^argumentet <days> saknas för 'leave'/],
  [["holidays", "2026", "2027"], /^oväntat argument '2027' för 'holidays'/],
  [["holidays", "2026", "--bridge"], "okänd flagga '--bridge' för 'holidays' (se swedish-calendar holidays --help)"],
  [["day", "2026-06-19", "--lang", "de"], "'--lang' ska vara sv eller en"],
  [["period", "2026-01-01", "2026-12-31", "--bounds"], "flaggan '--bounds' behöver ett värde"],
  [["holidays", "2026", "--lang", "en", "--json=yes"], "option '--json' takes no value"],
  [
    ["arbetstid", "2026", "--weekly", "37.3"],
    "'37.3' (--weekly) ska vara ett antal timmar i veckan från 1 till 60 i steg om 0,25, skrivet med siffror och decimalpunkt, till exempel 38.25",
  ],
  [
    ["working-time", "2026", "--weekly", "61", "--lang", "en"],
    "'61' (--weekly) must be a number of hours a week from 1 to 60 in steps of 0.25, written in digits, such as 38.25",
  ],
  [["arbetstid", "2026", "--weekly", "38,25"], /^'38,25' \(--weekly\) ska vara/],
  [["arbetstid", "2026", "--profile", "nope"], "'nope' (--profile) finns inte; välj standard eller state"],
  [["working-time", "2026", "--profile", "nope", "--lang", "en"], "'nope' (--profile) is not one of standard or state"],
  [["arbetstid", "2016", "--profile", "state"], "2016 (året) är för tidigt: profilen state gäller från 2017"],
  [
    ["working-time", "2016", "--profile", "state", "--lang", "en"],
    "2016 (the year) is too early: the profile state starts in 2017",
  ],
  [["arbetstid", "1929"], "1929 (året) ligger utanför 1930–9999"],
  [
    ["arbetstid"],
    "argumentet <year> saknas för 'arbetstid' (användning: swedish-calendar arbetstid <year> [--weekly <weekly>] [--profile <profile>])",
  ],
];
