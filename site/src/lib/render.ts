/**
 * HTML of the year overview on the home page. The same function renders the current year at build
 * time (from the engine) and any other year in the browser (from the API), so both look identical, in
 * either language. Every value from the API is escaped.
 *
 * The month grids carry each day's date (`data-date`) so that the browser can mark today and a leave plan on
 * them, and each week row its ISO week (the engine's isoWeekOf, the rule every Day's `isoWeek` follows).
 * `data-label` names the columns for the phone layout (site.css) and the tests; they are not shown.
 */

import { dayFromCivil, isoWeekOf } from "swedish-calendar/core";
import { addDaysIso, daysInMonth, escapeHtml as e, isoOf, isoWeekdayOf } from "./format.ts";
import {
  capitalise,
  count,
  dateRange,
  dayMonth,
  type Lang,
  MONTHS,
  noun,
  WEEK_HEAD,
  weekdayName,
  weekdayOfIso,
} from "./i18n.ts";
import type { Day, LongWeekend, Names, YearData } from "./types.ts";
import { YEAR_WORDS } from "./year-words.ts";

/** The other language of a page, for text shown in it (a Swedish name on the English page and vice versa). */
const OTHER: Record<Lang, Lang> = { sv: "en", en: "sv" };

function namesOf(day: Day, lang: Lang): string {
  return day.observances.map((o) => o.name[lang]).join(" · ");
}

function typeBadge(type: Day["holidayType"], lang: Lang): string {
  const w = YEAR_WORDS[lang].badge;
  if (type === "public") return `<span class="badge badge-public">${w.public}</span>`;
  if (type === "defacto") return `<span class="badge badge-defacto">${w.defacto}</span>`;
  return `<span class="badge">${w.working}</span>`;
}

function dateCell(date: string, lang: Lang): string {
  return `<time datetime="${e(date)}">${e(dayMonth(date, lang))}</time>`;
}

/** English page: "Monday måndag" (the Swedish word muted); Swedish page: "måndag". */
function weekdayCell(weekday: number, lang: Lang): string {
  if (lang === "sv") return e(weekdayName(weekday, "sv"));
  return `${e(weekdayName(weekday, "en"))} <span class="sv" lang="sv">${e(weekdayName(weekday, "sv"))}</span>`;
}

/** "Ascension Day", or "Saturday" when the neighbour is off only because of its weekday. */
function neighbourName(date: string, byDate: Map<string, Day>, lang: Lang): string {
  const day = byDate.get(date);
  if (day && day.observances.length > 0) return namesOf(day, lang);
  return weekdayName(weekdayOfIso(date), lang);
}

function holidayTable(data: YearData, lang: Lang): string {
  const w = YEAR_WORDS[lang];
  const c = w.columns;
  const other = OTHER[lang];
  const rows = data.holidays
    .map(
      (day) => `<tr class="${day.holidayType === "public" ? "row-public" : "row-defacto"}">
<td data-label="Date">${dateCell(day.date, lang)}</td>
<td data-label="Weekday">${weekdayCell(day.weekday, lang)}</td>
<td data-label="Swedish"${other === "sv" ? ` lang="sv"` : ""}>${e(namesOf(day, "sv"))}</td>
<td data-label="English"${other === "en" ? ` lang="en"` : ""}>${e(namesOf(day, "en"))}</td>
<td data-label="Type">${typeBadge(day.holidayType, lang)}</td>
</tr>`,
    )
    .join("");
  return `<table class="days" id="holiday-table" data-year="${data.year}">
<caption>${e(w.holidaysCaption(data.year, count(data.holidays.length, "date", lang)))}</caption>
<thead><tr><th scope="col">${c.date}</th><th scope="col">${c.weekday}</th><th scope="col">${c.swedish}</th><th scope="col">${c.english}</th><th scope="col">${c.type}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

function derivedTable(
  id: string,
  caption: string,
  days: Day[],
  explain: (day: Day) => string,
  empty: string,
  lang: Lang,
): string {
  if (days.length === 0) return `<p id="${id}" class="empty">${e(empty)}</p>`;
  const c = YEAR_WORDS[lang].columns;
  const rows = days
    .map(
      (day) => `<tr>
<td data-label="Date">${dateCell(day.date, lang)}</td>
<td data-label="Weekday">${weekdayCell(day.weekday, lang)}</td>
<td data-label="Why">${e(explain(day))}</td>
</tr>`,
    )
    .join("");
  return `<table class="days days-small" id="${id}">
<caption>${e(caption)}</caption>
<thead><tr><th scope="col">${c.date}</th><th scope="col">${c.weekday}</th><th scope="col">${c.why}</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

/** "fre–mån" / "Fri–Mon": the weekdays a span runs over, abbreviated. */
function weekdaySpan(start: string, end: string, lang: Lang): string {
  const short = (date: string) => weekdayName(weekdayOfIso(date), lang).slice(0, 3);
  return `${short(start)}–${short(end)}`;
}

/**
 * The long weekends of the year. Observance codes are named from the year's own holidays (a name belongs to its
 * code, whatever the year); a code not among them (a run reaching into January of the next year can only hold New
 * Year's Day or Epiphany, both in every year's list) falls back to the code itself.
 */
function longWeekendTable(data: YearData, lang: Lang): string {
  const w = YEAR_WORDS[lang];
  const c = w.columns;
  if (data.longWeekends === null)
    return `<p id="long-weekend-table" class="error">${e(w.longError(data.longWeekendsError ?? w.notLoaded))}</p>`;
  if (data.longWeekends.length === 0) return `<p id="long-weekend-table" class="empty">${e(w.longNone(data.year))}</p>`;
  const names = new Map<string, Names>();
  for (const day of data.holidays) for (const o of day.observances) names.set(o.code, o.name);
  const row = (lw: LongWeekend) => {
    const leave = lw.leaveDays.length
      ? lw.leaveDays
          .map(
            (d) =>
              `${dateCell(d, lang)} <span class="hint">${e(weekdayName(weekdayOfIso(d), lang).slice(0, 3))}</span>`,
          )
          .join(", ")
      : `<span class="hint">${e(w.noLeave)}</span>`;
    const label = (text: string) => `<span class="m-label">${e(text)}</span>`;
    const observances = lw.observances.map((code) => names.get(code)?.[lang] ?? code).join(" · ");
    return `<tr data-start="${e(lw.start)}" data-end="${e(lw.end)}" data-days="${lw.days}" data-leave="${e(lw.leaveDays.join(" "))}"${lw.leaveDays.length ? ` class="row-leave"` : ""}>
<td data-label="Dates"><span class="range">${e(dateRange(lw.start, lw.end, lang))}</span> <span class="hint wdays">${e(weekdaySpan(lw.start, lw.end, lang))}</span></td>
<td data-label="Days">${lw.days}${label(` ${noun(lw.days, "day", lang)}`)}</td>
<td data-label="Leave">${label(`${c.leave}: `)}${leave}</td>
<td data-label="Holidays">${e(observances)}</td>
</tr>`;
  };
  return `<table class="days days-long" id="long-weekend-table" data-year="${data.year}">
<caption>${e(w.longCaption(data.year, data.longWeekends.length))}</caption>
<thead><tr><th scope="col">${c.dates}</th><th scope="col">${c.days}</th><th scope="col">${c.leave}</th><th scope="col">${c.observances}</th></tr></thead>
<tbody>${data.longWeekends.map(row).join("")}</tbody>
</table>`;
}

function stat(id: string, value: string, label: string, note = ""): string {
  return `<div class="stat" id="${id}"><dt>${label}</dt><dd><span class="stat-value">${value}</span>${note ? `<span class="stat-note">${note}</span>` : ""}</dd></div>`;
}

/**
 * A twelve-month picture of the year, a week per row with its ISO week number first. Decorative: the tables carry
 * the same facts for assistive technology. Today and a leave plan are marked by the browser (scripts/home/).
 */
function yearGrid(data: YearData, byDate: Map<string, Day>, lang: Lang): string {
  const w = YEAR_WORDS[lang];
  const head = WEEK_HEAD[lang];
  const bridge = new Set(data.bridgeDays.map((d) => d.date));
  const half = new Set(data.halfDays.map((d) => d.date));
  const months: string[] = [];
  for (let month = 1; month <= 12; month++) {
    const first = isoWeekdayOf(data.year, month, 1);
    const last = daysInMonth(data.year, month);
    const rows: string[] = [];
    // each row runs Monday to Sunday; d is the date in the row's Monday column (0 or less before the month starts)
    for (let d = 2 - first; d <= last; d += 7) {
      const inMonth = Math.max(d, 1);
      const week = isoWeekOf(dayFromCivil(data.year, month, inMonth));
      const cells = [`<span class="wk">${week.week}</span>`];
      for (let col = 0; col < 7 && d + col <= last; col++) {
        const day = d + col;
        if (day < 1) {
          cells.push(`<span></span>`);
          continue;
        }
        const iso = isoOf(data.year, month, day);
        const info = byDate.get(iso);
        let cls = col >= 5 ? "c-weekend" : "";
        let title = "";
        if (info && info.observances.length > 0) {
          cls = info.holidayType === "public" ? "c-public" : "c-defacto";
          title = namesOf(info, lang);
        } else if (bridge.has(iso)) {
          cls = "c-bridge";
          title = w.legend.bridge;
        } else if (half.has(iso)) {
          cls = "c-half";
          title = w.legend.half;
        }
        if (half.has(iso) && cls === "c-bridge") title = `${w.legend.bridge}, ${w.legend.half.toLowerCase()}`;
        cells.push(
          `<span data-date="${iso}"${cls ? ` class="${cls}"` : ""}${title ? ` title="${e(title)}"` : ""}>${day}</span>`,
        );
      }
      rows.push(`<div class="wrow" data-week="${week.week}" data-week-year="${week.year}">${cells.join("")}</div>`);
    }
    const name =
      lang === "sv"
        ? capitalise(MONTHS.sv[month - 1]!)
        : `${MONTHS.en[month - 1]} <span lang="sv">${MONTHS.sv[month - 1]}</span>`;
    const heads = head.days.map((letter) => `<span class="wd">${letter}</span>`).join("");
    months.push(
      `<div class="month" data-month="${data.year}-${String(month).padStart(2, "0")}"><div class="month-name">${name}</div><div class="month-days"><span class="wd wk-head" title="${e(head.weekTitle)}">${head.week}</span>${heads}${rows.join("")}</div></div>`,
    );
  }
  const l = w.legend;
  return `<figure class="year-figure">
<div class="year-grid" aria-hidden="true">${months.join("")}</div>
<figcaption class="legend"><span class="sr-only">${e(w.gridCaption(data.year))}</span>
<span><i class="c-public"></i>${l.public}</span><span><i class="c-defacto"></i>${l.defacto}</span><span><i class="c-weekend"></i>${l.weekend}</span><span><i class="c-bridge"></i>${l.bridge}</span><span><i class="c-half"></i>${l.half}</span><span data-legend="today" hidden><i class="c-today"></i>${l.today}</span><span data-legend="plan" hidden><i class="m-break"></i>${l.planBreak}</span><span data-legend="plan" hidden><i class="m-leave"></i>${l.planLeave}</span><span data-legend="due" hidden><i class="m-due"></i>${l.due}</span><span class="legend-week">${e(l.week)}</span></figcaption>
</figure>`;
}

export function renderYear(data: YearData, lang: Lang): string {
  const w = YEAR_WORDS[lang];
  const byDate = new Map(data.holidays.map((d) => [d.date, d]));
  const observances = data.holidays.flatMap((d) => d.observances);
  const publicCount = observances.filter((o) => o.holidayType === "public").length;
  const defactoCount = observances.length - publicCount;
  const onWeekdays = data.holidays.filter((d) => d.weekday <= 5).length;
  const working =
    data.workingDays === null
      ? stat("stat-working", "–", w.workingDays, e(data.workingDaysError ?? w.notLoaded))
      : stat("stat-working", String(data.workingDays), w.workingDays, w.workingNote);
  const svHint = (text: string) => (lang === "en" ? ` <span lang="sv">(${text})</span>` : "");
  return `<h2 id="year-heading" tabindex="-1">${e(w.atAGlance(data.year))}</h2>
<dl class="stats">
${stat("stat-public", String(publicCount), w.publicHolidays, w.publicNote)}
${stat("stat-defacto", String(defactoCount), w.defactoHolidays, w.defactoNote)}
${working}
${stat("stat-bridge", String(data.bridgeDays.length), w.bridgeDays, w.bridgeNote)}
${stat("stat-half", String(data.halfDays.length), w.halfDays, w.halfNote)}
</dl>
<p class="lead-note">${e(w.onWeekdays(count(onWeekdays, "holidayDate", lang), data.year))}</p>
${yearGrid(data, byDate, lang)}
<h3 id="holidays-heading">${w.holidaysHeading}</h3>
${holidayTable(data, lang)}
<div class="side-by-side">
<section aria-labelledby="bridge-heading">
<h3 id="bridge-heading">${w.bridgeHeading}${svHint("klämdagar")}</h3>
<p class="explain">${e(w.bridgeExplain)}</p>
${derivedTable(
  "bridge-table",
  w.bridgeCaption(data.year),
  data.bridgeDays,
  (d) =>
    w.between(neighbourName(addDaysIso(d.date, -1), byDate, lang), neighbourName(addDaysIso(d.date, 1), byDate, lang)),
  w.bridgeNone(data.year),
  lang,
)}
</section>
<section aria-labelledby="long-heading">
<h3 id="long-heading">${w.longHeading}${svHint("långhelger")}</h3>
<p class="explain">${e(w.longExplain)}</p>
${longWeekendTable(data, lang)}
</section>
</div>
<h3 id="half-heading">${w.halfHeading}${svHint("halvdagar")}</h3>
<p class="explain">${e(w.halfExplain)}</p>
${derivedTable(
  "half-table",
  w.halfCaption(data.year),
  data.halfDays,
  (d) => w.eveOf(neighbourName(addDaysIso(d.date, 1), byDate, lang)),
  w.halfNone(data.year),
  lang,
)}`;
}
