/**
 * HTML of the working-time section ("Arbetstid" / "Working time") for a year: a bar chart of the hours per month, an
 * SVG drawn here (no chart library), and the month table with the quarters and the year. The build renders the
 * current year's default answer from the engine (`workingTime`), the browser any other year or choice from the
 * dataset's file or the API (site/src/scripts/home/working-time.ts); both call these functions, so both look the same.
 *
 * The chart is readable without colour: plain bars, the hours written beside each bar, the month beside each row,
 * and the time the shortened days take off hatched (a pattern, not a hue). It has a title and a description listing
 * every month's hours for screen readers; the table below says the same. Its sizes are percentages of its width and
 * its text is not scaled, so it fits a 390 px phone as it fits a desktop. Every value is escaped.
 */

import { escapeHtml as e } from "./format.ts";
import { capitalise, dayMonth, type Lang, MONTHS } from "./i18n.ts";
import type { ShortenedDay, WorkingTime } from "./types.ts";
import { WORKING_TIME_WORDS } from "./working-time-words.ts";

/**
 * Hours as the page writes them: at most two decimals, the decimal point a comma in Swedish, thousands grouped with a
 * no-break space (Swedish) or a comma (English): 2008 -> "2 008" / "2,008"; 153.75 -> "153,75" / "153.75".
 */
export function formatHours(hours: number, lang: Lang): string {
  const [whole, fraction] = (Math.round(hours * 100) / 100).toString().split(".") as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "sv" ? "\u00a0" : ",");
  return fraction === undefined ? grouped : `${grouped}${lang === "sv" ? "," : "."}${fraction}`;
}

/** Minutes as hours and minutes: 240 -> "4 h", 115 -> "1 h 55 min". */
export function formatMinutes(minutes: number, lang: Lang): string {
  return WORKING_TIME_WORDS[lang].duration(Math.floor(minutes / 60), minutes % 60);
}

const monthShort = (month: number, lang: Lang) => {
  const name = MONTHS[lang][month - 1]!.slice(0, 3);
  return lang === "sv" ? name : capitalise(name);
};

const reductionOf = (days: ShortenedDay[]) => days.reduce((sum, d) => sum + d.reductionMinutes, 0);

/** The chart's geometry, in percent of its width: the month column, the bars, the room for the value after them. */
const LABEL = 11;
const BARS = 67;
const ROW = 26;
const BAR = 17;

/** The bar chart of the hours per month. */
export function workingTimeChart(answer: WorkingTime, lang: Lang): string {
  const w = WORKING_TIME_WORDS[lang];
  // the scale: the longest month's full time (its hours and what its shortened days take off)
  const longest = Math.max(1, ...answer.months.map((m) => m.minutes + reductionOf(m.shortenedDays)));
  const pct = (minutes: number) => Math.round((BARS * minutes * 1000) / longest) / 1000;
  const anyCut = answer.months.some((m) => m.shortenedDays.length > 0);
  const rows = answer.months.map((m, i) => {
    const y = i * ROW + 4;
    const bar = pct(m.minutes);
    const cut = pct(reductionOf(m.shortenedDays));
    const value = w.hours(formatHours(m.hours, lang));
    return `<g data-month="${m.month}" data-hours="${m.hours}">
<text class="wt-month" x="0" y="${y + BAR - 4}">${e(monthShort(m.month, lang))}</text>
<rect class="wt-bar" x="${LABEL}%" y="${y}" width="${bar}%" height="${BAR}"></rect>${
      cut > 0
        ? `<rect class="wt-cut" x="${LABEL + bar}%" y="${y}" width="${cut}%" height="${BAR}" fill="url(#wt-hatch)"></rect>`
        : ""
    }
<text class="wt-value" x="${Math.round((LABEL + bar + cut + 1.2) * 1000) / 1000}%" y="${y + BAR - 4}">${e(value)}</text>
</g>`;
  });
  const desc = w.chartDesc(
    answer.months.map((m) => `${MONTHS[lang][m.month - 1]} ${w.hours(formatHours(m.hours, lang))}`).join(", "),
  );
  const height = answer.months.length * ROW + 6;
  return `<figure class="wt-figure">
<svg class="wt-chart" id="wt-chart" role="img" aria-labelledby="wt-chart-title wt-chart-desc" width="100%" height="${height}" data-year="${answer.year}">
<title id="wt-chart-title">${e(w.chartTitle(answer.year))}</title>
<desc id="wt-chart-desc">${e(desc)}</desc>
<defs><pattern id="wt-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect class="wt-hatch-bg" width="6" height="6"></rect><line class="wt-hatch-line" x1="0" y1="0" x2="0" y2="6"></line></pattern></defs>
${rows.join("\n")}
</svg>
${anyCut ? `<figcaption class="legend"><span><i class="wt-cut-key" aria-hidden="true"></i>${e(w.chartCut)}</span></figcaption>` : ""}
</figure>`;
}

function shortenedCell(days: ShortenedDay[], lang: Lang): string {
  if (days.length === 0) return `<span class="hint">${e(WORKING_TIME_WORDS[lang].none)}</span>`;
  return days
    .map(
      (d) =>
        `<span class="wt-short" data-date="${e(d.date)}"><time datetime="${e(d.date)}">${e(dayMonth(d.date, lang))}</time> <span class="hint">${e(d.name[lang])}, −${e(formatMinutes(d.reductionMinutes, lang))}</span></span>`,
    )
    .join("");
}

/** The month table: a row per month, each quarter's sum after its last month, the year's in the foot. */
export function workingTimeTable(answer: WorkingTime, lang: Lang): string {
  const w = WORKING_TIME_WORDS[lang];
  const c = w.columns;
  const rows: string[] = [];
  for (const m of answer.months) {
    rows.push(`<tr data-month="${m.month}" data-working-days="${m.workingDays}" data-hours="${m.hours}">
<th scope="row">${e(capitalise(MONTHS[lang][m.month - 1]!))}</th>
<td class="num">${m.workingDays}</td>
<td class="num">${e(formatHours(m.hours, lang))}</td>
<td${m.shortenedDays.length === 0 ? ` class="wt-none"` : ""}>${shortenedCell(m.shortenedDays, lang)}</td>
</tr>`);
    const quarter = answer.quarters.find((q) => q.quarter * 3 === m.month);
    if (quarter) {
      rows.push(`<tr class="wt-sum" data-quarter="${quarter.quarter}" data-working-days="${quarter.workingDays}" data-hours="${quarter.hours}">
<th scope="row">${e(w.quarter(quarter.quarter))}</th>
<td class="num">${quarter.workingDays}</td>
<td class="num">${e(formatHours(quarter.hours, lang))}</td>
<td></td>
</tr>`);
    }
  }
  const t = answer.total;
  return `<table class="wt-table" id="wt-table" data-year="${answer.year}" data-weekly-hours="${answer.weeklyHours}" data-profile="${e(answer.profile.code)}">
<caption>${e(w.caption(answer.year, formatHours(answer.weeklyHours, lang), answer.profile.name[lang]))}</caption>
<thead><tr><th scope="col">${c.month}</th><th scope="col" class="num">${c.workingDays}</th><th scope="col" class="num">${c.hours}</th><th scope="col">${c.shortened}</th></tr></thead>
<tbody>${rows.join("")}</tbody>
<tfoot><tr class="wt-total" data-working-days="${t.workingDays}" data-hours="${t.hours}"><th scope="row">${e(w.total(answer.year))}</th><td class="num">${t.workingDays}</td><td class="num">${e(formatHours(t.hours, lang))}</td><td></td></tr></tfoot>
</table>`;
}

/** The chart and the table of one answer. */
export function renderWorkingTime(answer: WorkingTime, lang: Lang): string {
  return workingTimeChart(answer, lang) + workingTimeTable(answer, lang);
}
