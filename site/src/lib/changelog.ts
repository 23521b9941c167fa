/**
 * CHANGELOG.md read, rendered as the site's changelog page (both languages) and written as an Atom feed, at build
 * time. The file's format, small on purpose (docs/static-dataset.md#corrections says how an entry is written):
 *
 *   ## YYYY-MM-DD — title            an entry, newest first, one per date
 *   ### API                          a section: one of SECTIONS; the package's names its version:
 *   ### Package: swedish-calendar X.Y.Z
 *   - one item                       items, one line each (a longer one continues on lines indented by two spaces)
 *
 * Lines before the first entry are the file's preamble. Items may hold `code` and [links](https://…). Anything else
 * is an error naming the line, so a malformed entry fails the site build and the tests, never the page.
 */
import { SERVICE_DOMAIN } from "swedish-calendar/core";
import { CHANGELOG } from "../../../contract/paths.ts";
import type { Lang } from "./i18n.ts";

/** The sections an entry may have, in the order they are written, with their headings in both languages. */
export const SECTIONS = {
  API: { sv: "API", en: "API" },
  Dataset: { sv: "Statisk datamängd", en: "Dataset" },
  Feed: { sv: "Kalenderflöde", en: "Feed" },
  Package: { sv: "Paketet swedish-calendar", en: "The swedish-calendar package" },
  Site: { sv: "Webbplatsen", en: "Site" },
  "Self-hosting": { sv: "Egen drift", en: "Self-hosting" },
  "Data corrections": { sv: "Rättelser av data", en: "Data corrections" },
} as const satisfies Record<string, Record<Lang, string>>;

export type SectionName = keyof typeof SECTIONS;

export interface ChangelogSection {
  name: SectionName;
  /** the package's version after this entry (Package sections only) */
  version?: string;
  items: string[];
}

export interface ChangelogEntry {
  date: string;
  title: string;
  sections: ChangelogSection[];
}

const ENTRY = /^## (\d{4}-\d{2}-\d{2}) — (\S.*)$/;
const SECTION = /^### (.+?)(?:: swedish-calendar (\d+\.\d+\.\d+))?$/;
const ITEM = /^- (\S.*)$/;
const CONTINUATION = /^ {2}(\S.*)$/;

/** The entries of CHANGELOG.md's text, newest first; throws on a line the format does not allow. */
export function parseChangelog(text: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let entry: ChangelogEntry | undefined;
  let section: ChangelogSection | undefined;
  const fail = (n: number, why: string): never => {
    throw new Error(`CHANGELOG.md line ${n + 1}: ${why}`);
  };
  text.split(/\r?\n/).forEach((line, n) => {
    if (line.startsWith("## ")) {
      const m = ENTRY.exec(line) ?? fail(n, "an entry's heading is '## YYYY-MM-DD — title'");
      if (
        Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`)) ||
        new Date(`${m[1]}T00:00:00Z`).toISOString().slice(0, 10) !== m[1]
      )
        fail(n, `no such date ${m[1]}`);
      if (entry && m[1] >= entry.date) fail(n, `entries are newest first, one per date: ${m[1]} after ${entry.date}`);
      entries.push((entry = { date: m[1], title: m[2].trim(), sections: [] }));
      section = undefined;
    } else if (!entry || line.trim() === "") {
      // the preamble, or a blank line
    } else if (line.startsWith("### ")) {
      const m = SECTION.exec(line)!;
      const name = m[1] as SectionName;
      if (!(name in SECTIONS)) fail(n, `unknown section '${m[1]}' (one of ${Object.keys(SECTIONS).join(", ")})`);
      if ((name === "Package") !== (m[2] !== undefined))
        fail(n, "the Package section, and only it, names the version: '### Package: swedish-calendar X.Y.Z'");
      if (entry.sections.some((s) => s.name === name)) fail(n, `a second ${name} section in ${entry.date}`);
      entry.sections.push((section = { name, ...(m[2] ? { version: m[2] } : {}), items: [] }));
    } else if (ITEM.test(line)) {
      if (!section) fail(n, "an item before its section");
      section!.items.push(ITEM.exec(line)![1]);
    } else if (CONTINUATION.test(line) && section?.items.length) {
      section.items[section.items.length - 1] += " " + CONTINUATION.exec(line)![1];
    } else {
      fail(n, `not part of the format: '${line}'`);
    }
  });
  for (const e of entries) {
    if (e.sections.length === 0) throw new Error(`CHANGELOG.md: the entry of ${e.date} has no section`);
    for (const s of e.sections)
      if (s.items.length === 0) throw new Error(`CHANGELOG.md: the ${s.name} section of ${e.date} has no item`);
  }
  return entries;
}

/** The package's version after the newest entry that names one. */
export function packageVersion(entries: readonly ChangelogEntry[]): string | undefined {
  for (const e of entries) for (const s of e.sections) if (s.version) return s.version;
  return undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * An item's text as HTML: escaped, with `code` spans and [text](https://…) links; a link into the repository
 * ([decisions](docs/decisions.md#easter)) is its text alone, as the site does not publish the repository's files.
 */
export function renderInline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((piece) =>
      piece.startsWith("`") && piece.endsWith("`") && piece.length > 1
        ? `<code>${escapeHtml(piece.slice(1, -1))}</code>`
        : escapeHtml(piece).replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) =>
            href.startsWith("https://") ? `<a href="${href}">${label}</a>` : label,
          ),
    )
    .join("");
}

/** One entry's sections as HTML (the page's and the Atom feed's content), headings at `level`. */
export function renderEntryBody(entry: ChangelogEntry, lang: Lang, level = 3): string {
  return entry.sections
    .map((s) => {
      const heading = SECTIONS[s.name][lang] + (s.version ? ` ${s.version}` : "");
      return `<h${level}>${escapeHtml(heading)}</h${level}><ul>${s.items.map((i) => `<li>${renderInline(i)}</li>`).join("")}</ul>`;
    })
    .join("");
}

/** The changelog page's entries as HTML: one section per entry, its id the date (linkable: /changelog/#2026-11-27). */
export function renderChangelog(entries: readonly ChangelogEntry[], lang: Lang): string {
  return entries
    .map((e) => {
      const id = `entry-${e.date}`;
      return `<section class="changelog-entry" id="${e.date}" aria-labelledby="${id}"><h2 id="${id}"><time datetime="${e.date}">${e.date}</time> — ${escapeHtml(e.title)}</h2>${renderEntryBody(e, lang)}</section>`;
    })
    .join("");
}

/** The public origin the feed's identifiers and links use (the service's domain, as the problem types' base). */
export const SITE_ORIGIN = `https://${SERVICE_DOMAIN}`;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * The Atom feed (RFC 4287) of the changelog: one entry per changelog entry, its id a tag URI of its date, updated at
 * midnight UTC of its date, linking to its place on the English page, its content the entry's sections as HTML.
 */
export function changelogAtom(entries: readonly ChangelogEntry[]): string {
  const page = `${SITE_ORIGIN}/en${CHANGELOG.page}`;
  const updated = (date: string) => `${date}T00:00:00Z`;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(page)}</id>`,
    "  <title>Swedish Calendar Service: changelog</title>",
    "  <subtitle>Changes to the API, the static dataset, the calendar feed and the swedish-calendar package, and data corrections.</subtitle>",
    `  <updated>${updated(entries[0]?.date ?? "1970-01-01")}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(SITE_ORIGIN + CHANGELOG.atom)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
    "  <author><name>Swedish Calendar Service</name></author>",
  ];
  for (const e of entries) {
    lines.push(
      "  <entry>",
      `    <id>tag:${SERVICE_DOMAIN},${e.date}:changelog</id>`,
      `    <title>${escapeXml(`${e.date} — ${e.title}`)}</title>`,
      `    <updated>${updated(e.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${page}#${e.date}`)}"/>`,
      `    <content type="html">${escapeXml(renderEntryBody(e, "en"))}</content>`,
      "  </entry>",
    );
  }
  return lines.join("\n") + "\n</feed>\n";
}
