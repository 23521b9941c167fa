/**
 * Shows the announced v2 dates, read from the Deprecation and Sunset headers of a v2 response
 * (one HEAD request). Without an announcement, or if the request fails, the static text stays.
 */
import { MONTHS_EN } from "../lib/format.ts";
import { PATHS } from "../../../contract/paths.ts";

const statusText = document.getElementById("v2-status-text")!;
const timeline = document.getElementById("timeline")!;

function addMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), last), date.getUTCHours(), date.getUTCMinutes()));
}

function dateText(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS_EN[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
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
    if (gone) statusText.innerHTML = "<strong>v2 is answering 410 Gone right now.</strong> Move to v3.";
    return;
  }
  const announced = new Date(Number(deprecation[1]) * 1000);
  const sunset = sunsetHeader && !Number.isNaN(Date.parse(sunsetHeader)) ? new Date(Date.parse(sunsetHeader)) : addMonthsUtc(announced, 6);
  setStep("announce", dateText(announced));
  setStep("month1", dateText(addMonthsUtc(announced, 1)));
  setStep("month3", dateText(addMonthsUtc(announced, 3)));
  setStep("brownout", `from ${dateText(addMonthsUtc(sunset, -1))}`);
  setStep("sunset", dateText(sunset));
  const now = Date.now();
  const sunsetText = `<time id="v2-sunset" datetime="${sunset.toISOString()}">${dateText(sunset)}</time>`;
  if (now >= sunset.getTime()) {
    statusText.innerHTML = `<strong>v2 was withdrawn on ${sunsetText}</strong> and answers 410 Gone. Use v3.`;
  } else {
    statusText.innerHTML =
      `<strong>v2 ends on ${sunsetText}.</strong> The withdrawal was announced on ${dateText(announced)}.` +
      (gone ? " v2 is in a brownout right now and answers 410 Gone for the hour." : " Move to v3 before then.");
  }
}

void main();
