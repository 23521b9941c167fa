/**
 * The names of the weekdays and months in Swedish and English, once: the site, the command-line tool and the MCP
 * summaries all write them from here. Swedish writes them in lower case; index 0 is Monday (ISO weekday 1) and January.
 */
export type Language = "sv" | "en";

export const WEEKDAY_NAMES: Readonly<Record<Language, readonly string[]>> = {
  sv: ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"],
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
};

export const MONTH_NAMES: Readonly<Record<Language, readonly string[]>> = {
  sv: [
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
};
