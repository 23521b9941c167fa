/**
 * Shows the announced v2 dates, read from the Deprecation and Sunset headers of a v2 response
 * (one HEAD request). Without an announcement, or if the request fails, the static text stays.
 */

import { PATHS } from "../../../contract/paths.ts";
import { documentLang, monthName } from "../lib/i18n.ts";

const lang = documentLang();
const W = {
  en: {
    gone: "<strong>v2 is answering 410 Gone right now.</strong> Move to v3.",
    from: (date: string) => `from ${date}`,
    withdrawn: (sunset: string) => `<strong>v2 was withdrawn on ${sunset}</strong> and answers 410 Gone. Use v3.`,
    ends: (sunset: string, announced: string) =>
      `<strong>v2 ends on ${sunset}.</strong> The withdrawal was announced on ${announced}.`,
    brownout: " v2 is in a brownout right now and answers 410 Gone for the hour.",
    move: " Move to v3 before then.",
  },
  sv: {
    gone: "<strong>v2 svarar 410 Gone just nu.</strong> Byt till v3.",
    from: (date: string) => `från ${date}`,
    withdrawn: (sunset: string) => `<strong>v2 avvecklades den ${sunset}</strong> och svarar 410 Gone. Använd v3.`,
    ends: (sunset: string, announced: string) =>
      `<strong>v2 upphör den ${sunset}.</strong> Avvecklingen meddelades den ${announced}.`,
    brownout: " v2 har ett aviserat avbrott just nu och svarar 410 Gone under timmen.",
    move: " Byt till v3 före dess.",
  },
}[lang];

const statusText = document.getElementById("v2-status-text")!;
const timeline = document.getElementById("timeline")!;

function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), last), date.getUTCHours(), date.getUTCMinutes()));
}

function dateText(date: Date): string {
  return `${date.getUTCDate()} ${monthName(date.getUTCMonth() + 1, lang)} ${date.getUTCFullYear()}`;
}

function setStep(step: string, text: string): void {
  const el = timeline.querySelector(`[data-step="${step}"] .date`);
  if (el) el.textContent = `– ${text}`;
}

async function main(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(PATHS.v2Holidays, { method: "HEAD", cache: "no-store" });
  } catch {
    return;
  }
  const deprecation = /^@(-?\d+)$/.exec(response.headers.get("Deprecation")?.trim() ?? "");
  const sunsetHeader = response.headers.get("Sunset");
  const gone = response.status === 410;
  if (!deprecation) {
    if (gone) statusText.innerHTML = W.gone;
    return;
  }
  const announced = new Date(Number(deprecation[1]) * 1000);
  const sunset =
    sunsetHeader && !Number.isNaN(Date.parse(sunsetHeader))
      ? new Date(Date.parse(sunsetHeader))
      : addMonthsUtc(announced, 6);
  setStep("announce", dateText(announced));
  setStep("month1", dateText(addMonthsUtc(announced, 1)));
  setStep("month3", dateText(addMonthsUtc(announced, 3)));
  setStep("brownout", W.from(dateText(addMonthsUtc(sunset, -1))));
  setStep("sunset", dateText(sunset));
  const now = Date.now();
  const sunsetText = `<time id="v2-sunset" datetime="${sunset.toISOString()}">${dateText(sunset)}</time>`;
  if (now >= sunset.getTime()) {
    statusText.innerHTML = W.withdrawn(sunsetText);
  } else {
    statusText.innerHTML = W.ends(sunsetText, dateText(announced)) + (gone ? W.brownout : W.move);
  }
}

void main();
