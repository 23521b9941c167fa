/** The calendar feed's subscription builder: the address from the chosen options, its description, copying it. */
import { FEED_PATH, FEED_OPTION_NAMES, feedDescription, feedQuery, feedUrl, type ResolvedFeedOptions } from "../../lib/feed.ts";
import { byId, lang } from "./shared.ts";

const WORDS = {
  en: {
    copied: (text: string) => `Copied: ${text}`,
    copyFailed: "Copying failed: select the address and copy it yourself.",
  },
  sv: {
    copied: (text: string) => `Kopierat: ${text}`,
    copyFailed: "Kopieringen misslyckades: markera adressen och kopiera den själv.",
  },
}[lang];

async function copyText(text: string, input: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // older browsers and insecure contexts
    input.focus();
    input.select();
    return document.execCommand("copy");
  }
}

export function initFeedBuilder(): void {
  const feedForm = byId<HTMLFormElement>("feed-form");
  const feedWebcal = byId<HTMLInputElement>("feed-webcal");
  const feedHttps = byId<HTMLInputElement>("feed-https");
  const feedSubscribe = byId<HTMLAnchorElement>("feed-subscribe");
  const feedDownload = byId<HTMLAnchorElement>("feed-download");
  const feedText = byId<HTMLElement>("feed-description");
  const copyStatus = byId<HTMLElement>("copy-status");

  function feedOptions(): ResolvedFeedOptions {
    const options = {} as ResolvedFeedOptions;
    for (const key of FEED_OPTION_NAMES) {
      options[key] = feedForm.querySelector<HTMLInputElement>(`[data-feed-option="${key}"]`)!.checked;
    }
    options.due = [...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")].filter((box) => box.checked).map((box) => box.value);
    return options;
  }

  function updateFeed(): void {
    const options = feedOptions();
    feedWebcal.value = feedUrl(location.host, options, "webcal");
    feedHttps.value = feedUrl(location.host, options, "https");
    feedSubscribe.href = feedWebcal.value;
    feedDownload.href = FEED_PATH + feedQuery(options);
    const dueNames = Object.fromEntries([...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")].map((box) => [box.value, box.labels?.[0]?.textContent?.trim() ?? box.value]));
    feedText.textContent = feedDescription(options, lang, dueNames);
  }

  feedForm.addEventListener("change", updateFeed);
  feedForm.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-copy]");
    if (!button) return;
    const input = byId<HTMLInputElement>(button.dataset.copy!);
    void copyText(input.value, input).then((ok) => {
      copyStatus.textContent = ok ? WORDS.copied(input.value) : WORDS.copyFailed;
    });
  });
  updateFeed();
}
