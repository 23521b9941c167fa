/**
 * HTML of the year overview on the home page. The same function renders the current year at build
 * time (from the engine) and any other year in the browser (from the API), so both look identical.
 * Every value from the API is escaped.
 */
import type { Day, YearData } from "./types.ts";
import {
  FIRST_YEAR, LAST_YEAR, MONTHS_EN, MONTHS_SV, addDaysIso, daysInMonth, dayMonthEn, escapeHtml as e, isoOf,
  isoWeekdayOf, plural, weekdayEn, weekdaySv,
} from "./format.ts";

function namesOf(day: Day, lang: "sv" | "en"): string {
  return day.observances.map((o) => o.name[lang]).join(" · ");
}

function typeBadge(type: Day["holidayType"]): string {
  if (type === "public") return `<span class="badge badge-public">Public holiday</span>`;
  if (type === "defacto") return `<span class="badge badge-defacto">De facto holiday</span>`;
  return `<span class="badge">Working day</span>`;
}

function dateCell(day: Day): string {
  return `<time datetime="${e(day.date)}">${e(dayMonthEn(day.date))}</time>`;
}

function weekdayCell(weekday: number): string {
  return `${e(weekdayEn(weekday))} <span class="sv" lang="sv">${e(weekdaySv(weekday))}</span>`;
}

/** "Ascension Day", or "Saturday" when the neighbour is off only because of its weekday. */
function neighbourName(date: string, byDate: Map<string, Day>): string {
  const day = byDate.get(date);
  if (day && day.observances.length > 0) return namesOf(day, "en");
  const { year, month, day: d } = { year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10) };
  return weekdayEn(isoWeekdayOf(year, month, d));
}

function holidayTable(data: YearData): string {
  const rows = data.holidays
    .map(
      (day) => `<tr class="${day.holidayType === "public" ? "row-public" : "row-defacto"}">
<td data-label="Date">${dateCell(day)}</td>
<td data-label="Weekday">${weekdayCell(day.weekday)}</td>
<td data-label="Swedish" lang="sv">${e(namesOf(day, "sv"))}</td>
<td data-label="English">${e(namesOf(day, "en"))}</td>
<td data-label="Type">${typeBadge(day.holidayType)}</td>
</tr>`,
    )
    .join("");
  return `<table class="days" id="holiday-table" data-year="${data.year}">
<caption>Public and de facto holidays in ${data.year} (${plural(data.holidays.length, "date")})</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Weekday</th><th scope="col">Swedish name</th><th scope="col">English name</th><th scope="col">Type</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

function derivedTable(id: string, caption: string, days: Day[], explain: (day: Day) => string, empty: string): string {
  if (days.length === 0) return `<p id="${id}" class="empty">${e(empty)}</p>`;
  const rows = days
    .map(
      (day) => `<tr>
<td data-label="Date">${dateCell(day)}</td>
<td data-label="Weekday">${weekdayCell(day.weekday)}</td>
<td data-label="Why">${e(explain(day))}</td>
</tr>`,
    )
    .join("");
  return `<table class="days days-small" id="${id}">
<caption>${e(caption)}</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Weekday</th><th scope="col">Why</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

function stat(id: string, value: string, label: string, note = ""): string {
  return `<div class="stat" id="${id}"><dt>${label}</dt><dd><span class="stat-value">${value}</span>${note ? `<span class="stat-note">${note}</span>` : ""}</dd></div>`;
}

/** A twelve-month picture of the year. Decorative: the tables carry the same facts for assistive technology. */
function yearGrid(data: YearData, byDate: Map<string, Day>): string {
  const bridge = new Set(data.bridgeDays.map((d) => d.date));
  const half = new Set(data.halfDays.map((d) => d.date));
  const months: string[] = [];
  for (let month = 1; month <= 12; month++) {
    const first = isoWeekdayOf(data.year, month, 1);
    const cells: string[] = [];
    for (let i = 1; i < first; i++) cells.push(`<span></span>`);
    for (let d = 1; d <= daysInMonth(data.year, month); d++) {
      const iso = isoOf(data.year, month, d);
      const wd = (first - 1 + d - 1) % 7 + 1;
      const day = byDate.get(iso);
      let cls = wd >= 6 ? "c-weekend" : "";
      let title = "";
      if (day && day.observances.length > 0) {
        cls = day.holidayType === "public" ? "c-public" : "c-defacto";
        title = namesOf(day, "en");
      } else if (bridge.has(iso)) {
        cls = "c-bridge";
        title = "Bridge day";
      } else if (half.has(iso)) {
        cls = "c-half";
        title = "Half day";
      }
      if (half.has(iso) && cls === "c-bridge") title = "Bridge day and half day";
      cells.push(`<span class="${cls}"${title ? ` title="${e(title)}"` : ""}>${d}</span>`);
    }
    months.push(`<div class="month"><div class="month-name">${MONTHS_EN[month - 1]} <span lang="sv">${MONTHS_SV[month - 1]}</span></div><div class="month-days"><span class="wd">M</span><span class="wd">T</span><span class="wd">W</span><span class="wd">T</span><span class="wd">F</span><span class="wd">S</span><span class="wd">S</span>${cells.join("")}</div></div>`);
  }
  return `<figure class="year-figure">
<div class="year-grid" aria-hidden="true">${months.join("")}</div>
<figcaption class="legend"><span class="sr-only">Calendar of ${data.year}; the tables below list the same days.</span>
<span><i class="c-public"></i>Public holiday</span><span><i class="c-defacto"></i>De facto holiday</span><span><i class="c-weekend"></i>Weekend</span><span><i class="c-bridge"></i>Bridge day</span><span><i class="c-half"></i>Half day</span></figcaption>
</figure>`;
}

export function renderYear(data: YearData): string {
  const byDate = new Map(data.holidays.map((d) => [d.date, d]));
  const observances = data.holidays.flatMap((d) => d.observances);
  const publicCount = observances.filter((o) => o.holidayType === "public").length;
  const defactoCount = observances.length - publicCount;
  const onWeekdays = data.holidays.filter((d) => d.weekday <= 5).length;
  const working =
    data.workingDays === null
      ? stat("stat-working", "–", "Working days", e(data.workingDaysError ?? "could not be loaded"))
      : stat("stat-working", String(data.workingDays), "Working days", "Mon–Fri that are not holidays");
  return `<h2 id="year-heading" tabindex="-1">${data.year} at a glance</h2>
<dl class="stats">
${stat("stat-public", String(publicCount), "Public holidays", "named in the Public Holidays Act")}
${stat("stat-defacto", String(defactoCount), "De facto holidays", "the eves: days off in practice")}
${working}
${stat("stat-bridge", String(data.bridgeDays.length), "Bridge days", "klämdagar")}
${stat("stat-half", String(data.halfDays.length), "Half days", "halvdagar")}
</dl>
<p class="lead-note">${plural(onWeekdays, "holiday date")} of ${data.year} fall on a weekday (Monday–Friday).</p>
${yearGrid(data, byDate)}
<h3 id="holidays-heading">Holidays</h3>
${holidayTable(data)}
<h3 id="bridge-heading">Bridge days <span lang="sv">(klämdagar)</span></h3>
<p class="explain">A working day squeezed between a holiday and a weekend; many people take it off.</p>
${derivedTable(
  "bridge-table",
  `Bridge days in ${data.year}`,
  data.bridgeDays,
  (d) => `Between ${neighbourName(addDaysIso(d.date, -1), byDate)} and ${neighbourName(addDaysIso(d.date, 1), byDate)}`,
  `There are no bridge days in ${data.year}.`,
)}
<h3 id="half-heading">Half days <span lang="sv">(halvdagar)</span></h3>
<p class="explain">The working day before a public holiday, when many workplaces finish early (a custom, not an entitlement).</p>
${derivedTable(
  "half-table",
  `Half days in ${data.year}`,
  data.halfDays,
  (d) => `Eve of ${neighbourName(addDaysIso(d.date, 1), byDate)}`,
  `There are no half days in ${data.year}.`,
)}`;
}

export { FIRST_YEAR, LAST_YEAR };
