/**
 * The calendar feed's subscription builder: the addresses from the chosen options, in the page's own scheme (on an
 * https page webcal:// and https://, on a plain-HTTP page only http://: ../../lib/feed.ts feedAddresses), its
 * description, copying an address.
 */
import {
  FEED_OPTION_NAMES,
  FEED_PATH,
  feedAddresses,
  feedDescription,
  feedQuery,
  type ResolvedFeedOptions,
} from "../../lib/feed.ts";
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
  const inputs = {
    webcal: byId<HTMLInputElement>("feed-webcal"),
    https: byId<HTMLInputElement>("feed-https"),
    http: byId<HTMLInputElement>("feed-http"),
  };
  const feedSubscribe = byId<HTMLAnchorElement>("feed-subscribe");
  const feedDownload = byId<HTMLAnchorElement>("feed-download");
  const feedText = byId<HTMLElement>("feed-description");
  const copyStatus = byId<HTMLElement>("copy-status");

  function feedOptions(): ResolvedFeedOptions {
    const options = {} as ResolvedFeedOptions;
    for (const key of FEED_OPTION_NAMES) {
      options[key] = feedForm.querySelector<HTMLInputElement>(`[data-feed-option="${key}"]`)!.checked;
    }
    options.due = [...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")]
      .filter((box) => box.checked)
      .map((box) => box.value);
    return options;
  }

  function updateFeed(): void {
    const options = feedOptions();
    const addresses = feedAddresses(location, options);
    // the fields (and the subscribe button, a webcal link) of the schemes offered are shown, the others hidden
    for (const el of feedForm.querySelectorAll<HTMLElement>("[data-feed-scheme]")) {
      el.hidden = !addresses.some((a) => a.scheme === el.dataset.feedScheme);
    }
    for (const { scheme, url } of addresses) inputs[scheme].value = url;
    const webcal = addresses.find((a) => a.scheme === "webcal");
    if (webcal) feedSubscribe.href = webcal.url;
    feedDownload.href = FEED_PATH + feedQuery(options);
    const dueNames = Object.fromEntries(
      [...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")].map((box) => [
        box.value,
        box.labels?.[0]?.textContent?.trim() ?? box.value,
      ]),
    );
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
