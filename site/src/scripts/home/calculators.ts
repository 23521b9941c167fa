/** The period calculator (`/v3/period`) and the shift calculator (`/v3/shift`): their answers explained. */

import { BOUNDS } from "swedish-calendar/core";
import { PATHS } from "../../../../contract/paths.ts";
import { apiUrl, getJson } from "../../lib/api.ts";
import { escapeHtml as e } from "../../lib/format.ts";
import { capitalise, count, durationText, listText, longDate } from "../../lib/i18n.ts";
import type { Day, Period, Shift, SpanCounts } from "../../lib/types.ts";
import { byId, errorBlock, lang, requestLine, SHARED_WORDS } from "./shared.ts";

const WORDS = {
  en: {
    enterBoth: "Enter both dates.",
    counting: "Counting…",
    counted: "Counted",
    cancelOut: (bounds: string) => `no day: with ${bounds} the two dates cancel out`,
    calendarDays: "Calendar days",
    workingDays: "Working days",
    daysOff: "Days off",
    offDetail: (
      o: { total: number; publicHolidays: number; defactoHolidays: number },
      named: string,
      weekend: string,
    ) =>
      `${o.total}: ${o.publicHolidays} public (Sundays included), ${o.defactoHolidays} de facto (Saturdays included); ${named}, ${weekend}`,
    bridgeDays: "Bridge days",
    halfDays: "Half days",
    bounds: {
      inclusive: "both dates counted",
      exclusive: "neither date counted",
      from: "start date counted, end date not",
      to: "end date counted, start date not",
    },
    workingAnswer: (n: number) => `working ${n === 1 ? "day" : "days"}`,
    units: {
      d: ["day", "days"],
      b: ["working day", "working days"],
      w: ["week", "weeks"],
      m: ["month", "months"],
      y: ["year", "years"],
    } as Record<string, [string, string]>,
    enterSteps: "Enter a start date and at least one step, such as <code>10b</code>.",
    clamped: "(clamped to the last day of the shorter month)",
    publicNote: (names: string) => `public holiday: ${names}`,
    defactoNote: (names: string) => `de facto holiday: ${names}`,
    sunday: "a Sunday (counts as a public holiday)",
    saturday: "a Saturday (a de facto holiday)",
    working: "a working day",
    landsPostponed: (day: string, note: string) =>
      `The steps land on ${day}, ${note}. The Sunday rule moves the date to the next working day.`,
    landsWorking: (day: string) => `The steps land on ${day}, a working day, so the Sunday rule does not move it.`,
    tickRule: (note: string) =>
      `The result is ${note}. Tick “Apply the Sunday rule” to move it to the next working day.`,
    fromTo: (a: string, b: string) => `From ${a} to ${b}, both counted`,
    tooLong: "The span is over 200 years, so no counts are given.",
    result: "Result",
    start: "Start",
  },
  sv: {
    enterBoth: "Ange båda datumen.",
    counting: "Räknar…",
    counted: "Räknat",
    cancelOut: (bounds: string) => `ingen dag: med ${bounds} tar datumen ut varandra`,
    calendarDays: "Kalenderdagar",
    workingDays: "Arbetsdagar",
    daysOff: "Lediga dagar",
    offDetail: (
      o: { total: number; publicHolidays: number; defactoHolidays: number },
      named: string,
      weekend: string,
    ) =>
      `${o.total}: ${o.publicHolidays} allmänna (söndagar inräknade), ${o.defactoHolidays} de facto (lördagar inräknade); ${named}, ${weekend}`,
    bridgeDays: "Klämdagar",
    halfDays: "Halvdagar",
    bounds: {
      inclusive: "båda datumen räknade",
      exclusive: "inget av datumen räknat",
      from: "startdatumet räknat men inte slutdatumet",
      to: "slutdatumet räknat men inte startdatumet",
    },
    workingAnswer: (n: number) => (n === 1 ? "arbetsdag" : "arbetsdagar"),
    units: {
      d: ["dag", "dagar"],
      b: ["arbetsdag", "arbetsdagar"],
      w: ["vecka", "veckor"],
      m: ["månad", "månader"],
      y: ["år", "år"],
    } as Record<string, [string, string]>,
    enterSteps: "Ange ett startdatum och minst ett steg, till exempel <code>10b</code>.",
    clamped: "(justerat till sista dagen i den kortare månaden)",
    publicNote: (names: string) => `allmän helgdag: ${names}`,
    defactoNote: (names: string) => `de facto-helgdag: ${names}`,
    sunday: "en söndag (räknas som allmän helgdag)",
    saturday: "en lördag (en de facto-helgdag)",
    working: "en arbetsdag",
    landsPostponed: (day: string, note: string) =>
      `Stegen landar på ${day}, ${note}. Söndagsregeln flyttar datumet till nästa arbetsdag.`,
    landsWorking: (day: string) => `Stegen landar på ${day}, en arbetsdag, så söndagsregeln flyttar det inte.`,
    tickRule: (note: string) =>
      `Resultatet är ${note}. Kryssa i ”Tillämpa söndagsregeln” för att flytta det till nästa arbetsdag.`,
    fromTo: (a: string, b: string) => `Från ${a} till ${b}, båda inräknade`,
    tooLong: "Perioden är över 200 år lång, så inga antal ges.",
    result: "Resultat",
    start: "Start",
  },
}[lang];

function dayNote(day: Day): string {
  if (day.observances.length > 0) {
    const names = listText(
      day.observances.map((o) => o.name[lang]),
      lang,
    );
    return day.holidayType === "public" ? WORDS.publicNote(names) : WORDS.defactoNote(names);
  }
  if (day.weekday === 7) return WORDS.sunday;
  if (day.weekday === 6) return WORDS.saturday;
  return WORDS.working;
}

function dayHtml(day: Day, id?: string): string {
  return `<time${id ? ` id="${id}"` : ""} datetime="${e(day.date)}">${e(longDate(day.date, lang, day.weekday))}</time>`;
}

function dayText(iso: string): string {
  return `<time datetime="${e(iso)}">${e(longDate(iso, lang))}</time>`;
}

function countsHtml(counts: SpanCounts): string {
  const off = counts.daysOff;
  return `<dt>${WORDS.calendarDays}</dt><dd>${counts.calendarDays} <span class="hint">(${e(durationText(counts.duration, lang))})</span></dd>
<dt>${WORDS.workingDays}</dt><dd>${counts.workingDays}</dd>
<dt>${WORDS.daysOff}</dt><dd>${e(WORDS.offDetail(off, count(off.namedDays, "namedHoliday", lang), count(off.weekendDays, "weekendDay", lang)))}</dd>
<dt>${WORDS.bridgeDays}</dt><dd>${counts.bridgeDays}</dd>
<dt>${WORDS.halfDays}</dt><dd>${counts.halfDays}</dd>`;
}

function initPeriod(): void {
  const periodForm = byId<HTMLFormElement>("period-form");
  const periodResult = byId<HTMLElement>("period-result");

  periodForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const from = byId<HTMLInputElement>("period-from").value;
    const to = byId<HTMLInputElement>("period-to").value;
    const bounds = byId<HTMLSelectElement>("period-bounds").value;
    if (!from || !to) {
      periodResult.innerHTML = `<p class="error" role="alert">${e(WORDS.enterBoth)}</p>`;
      return;
    }
    const params: [string, string][] = [
      ["from", from],
      ["to", to],
    ];
    // the default (the first of the engine's list) is left out of the request, as a reader of the URL expects
    if (bounds !== BOUNDS[0]) params.push(["bounds", bounds]);
    const url = apiUrl(PATHS.period, params);
    periodResult.innerHTML = `<p class="status">${e(WORDS.counting)}</p>`;
    try {
      const p = await getJson<Period>(url);
      const boundsText = WORDS.bounds[p.bounds];
      const counted = p.counted
        ? `${dayText(p.counted.first)} – ${dayText(p.counted.last)} <span class="hint">(${e(boundsText)})</span>`
        : e(WORDS.cancelOut(boundsText));
      periodResult.innerHTML = `<p class="answer"><span id="period-working-days">${p.workingDays}</span> ${e(WORDS.workingAnswer(p.workingDays))}</p>
<dl class="facts"><dt>${WORDS.counted}</dt><dd>${counted}</dd>${countsHtml(p)}</dl>${requestLine(url, 200)}`;
    } catch (error) {
      periodResult.innerHTML = errorBlock(error, url);
    }
  });
}

function initShift(): void {
  const shiftForm = byId<HTMLFormElement>("shift-form");
  const shiftResult = byId<HTMLElement>("shift-result");

  shiftForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const date = byId<HTMLInputElement>("shift-date").value;
    const steps = byId<HTMLInputElement>("shift-add")
      .value.split(/[\s,]+/)
      .filter(Boolean);
    const postpone = byId<HTMLInputElement>("shift-postpone").checked;
    if (!date || steps.length === 0) {
      shiftResult.innerHTML = `<p class="error" role="alert">${WORDS.enterSteps}</p>`;
      return;
    }
    const params: [string, string][] = [["date", date], ...steps.map((s): [string, string] => ["add", s])];
    if (postpone) params.push(["postpone", "true"]);
    const url = apiUrl(PATHS.shift, params);
    shiftResult.innerHTML = `<p class="status">${e(SHARED_WORDS.calculating)}</p>`;
    try {
      const s = await getJson<Shift>(url);
      const items = s.steps.map((step) => {
        const [one, many] = WORDS.units[step.unit] ?? [step.unit, step.unit];
        const sign = step.amount < 0 ? "−" : "+";
        const size = Math.abs(step.amount);
        const clamp = step.constrained ? ` <span class="hint">${e(WORDS.clamped)}</span>` : "";
        return `<li>${sign}${size} ${size === 1 ? one : many} → ${dayHtml(step.result)}${clamp}</li>`;
      });
      let rule = "";
      if (s.postpone) {
        rule = s.postponed
          ? `<p>${WORDS.landsPostponed(dayHtml(s.landed), e(dayNote(s.landed)))}</p>`
          : `<p>${WORDS.landsWorking(dayHtml(s.landed))}</p>`;
      } else if (!s.result.workingDay) {
        rule = `<p class="hint">${e(WORDS.tickRule(dayNote(s.result)))}</p>`;
      }
      const summary = s.period
        ? `<h4>${WORDS.fromTo(dayText(s.period.from), dayText(s.period.to))}</h4><dl class="facts">${countsHtml(s.period)}</dl>`
        : `<p class="hint">${e(WORDS.tooLong)}</p>`;
      shiftResult.innerHTML = `<p class="answer">${WORDS.result}: ${dayHtml(s.result, "shift-result-date")}</p>
<p>${e(capitalise(dayNote(s.result)))}.</p>
<ol class="steps"><li>${WORDS.start}: ${dayText(s.date)}</li>${items.join("")}</ol>
${rule}${summary}${requestLine(url, 200)}`;
    } catch (error) {
      shiftResult.innerHTML = errorBlock(error, url);
    }
  });
}

/** The period and shift calculators' forms. */
export function initCalculators(): void {
  initPeriod();
  initShift();
}
