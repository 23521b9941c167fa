/**
 * CHANGELOG.md as the site publishes it (site/src/lib/changelog.ts): every entry read with its date and sections, the
 * package's version the changelog's, the page rendered in both languages, and the Atom feed valid XML (parsed by
 * fast-xml-parser) with one entry per changelog entry. The site's build renders the page and the feed with these
 * functions (site/src/components/ChangelogPage.astro, site/src/pages/changelog.atom.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { CHANGELOG } from "../../contract/paths.js";
import {
  changelogAtom,
  packageVersion,
  parseChangelog,
  renderChangelog,
  renderInline,
  SECTIONS,
  SITE_ORIGIN,
} from "../../site/src/lib/changelog.ts";
import { pageHref } from "../../site/src/lib/i18n.ts";

const ROOT = join(import.meta.dirname, "../..");
const TEXT = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
const ENTRIES = parseChangelog(TEXT);

describe("CHANGELOG.md", () => {
  it("every entry is read, with a date and at least one section of at least one item", () => {
    const headings = TEXT.split("\n").filter((line) => line.startsWith("## "));
    expect(ENTRIES.length).toBe(headings.length);
    expect(ENTRIES.length).toBeGreaterThanOrEqual(6);
    for (const e of ENTRIES) {
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.title.length).toBeGreaterThan(0);
      expect(e.sections.length).toBeGreaterThan(0);
      for (const s of e.sections) expect(s.items.length).toBeGreaterThan(0);
    }
    // every item line of the file is an item of some entry
    const items = TEXT.split("\n").filter((line) => line.startsWith("- ")).length;
    expect(ENTRIES.flatMap((e) => e.sections.flatMap((s) => s.items)).length).toBe(items);
    expect(ENTRIES.at(-1)!.date).toBe("2026-11-22");
  });

  it("the first data correction is the contract's Easter correction", () => {
    const corrections = ENTRIES.flatMap((e) =>
      e.sections.filter((s) => s.name === "Data corrections").map((s) => ({ date: e.date, items: s.items })),
    );
    expect(corrections.at(-1)!.items[0]).toMatch(/Easter Sunday of 1954, 1981, 2049 and 2076/);
  });

  it("the swedish-calendar package's version is the changelog's, and versions only grow", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "engine/package.json"), "utf8")) as { version: string };
    expect(pkg.version).toBe(packageVersion(ENTRIES));
    const versions = ENTRIES.flatMap((e) =>
      e.sections.flatMap((s) => (s.version ? [s.version.split(".").map(Number)] : [])),
    ).reverse();
    for (let i = 1; i < versions.length; i++) {
      const [a, b] = [versions[i - 1], versions[i]];
      const order = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
      expect(order).toBeLessThanOrEqual(0);
    }
  });
});

describe("the changelog's format", () => {
  const entry = (body: string) => `# Changelog\n\nfree text\n\n## 2026-01-02 — A title\n\n${body}\n`;

  it("reads sections, a package version and continued items", () => {
    const [e] = parseChangelog(
      entry("### API\n- one `a`\n  continued\n- two\n\n### Package: swedish-calendar 1.2.3\n- three"),
    );
    expect(e).toEqual({
      date: "2026-01-02",
      title: "A title",
      sections: [
        { name: "API", items: ["one `a` continued", "two"] },
        { name: "Package", version: "1.2.3", items: ["three"] },
      ],
    });
  });

  it.each([
    ["## 2026-1-2 — x\n### API\n- a", /line 1: an entry's heading/],
    ["## 2026-02-30 — x\n### API\n- a", /no such date 2026-02-30/],
    ["## 2026-01-02 — x\n### Misc\n- a", /line 2: unknown section 'Misc'/],
    ["## 2026-01-02 — x\n- a", /line 2: an item before its section/],
    ["## 2026-01-02 — x\n### Package\n- a", /names the version/],
    ["## 2026-01-02 — x\n### API: swedish-calendar 1.0.0\n- a", /names the version/],
    ["## 2026-01-02 — x\n### API\nloose text", /line 3: not part of the format/],
    ["## 2026-01-02 — x", /the entry of 2026-01-02 has no section/],
    ["## 2026-01-02 — x\n### API", /the API section of 2026-01-02 has no item/],
    ["## 2026-01-02 — x\n### API\n- a\n## 2026-01-03 — y\n### API\n- b", /newest first/],
  ])("refuses %j", (text, error) => {
    expect(() => parseChangelog(text)).toThrow(error);
  });
});

describe("the changelog page", () => {
  it("renders every entry, with headings in the page's language", () => {
    for (const lang of ["sv", "en"] as const) {
      const html = renderChangelog(ENTRIES, lang);
      expect(html.match(/<section class="changelog-entry"/g)?.length).toBe(ENTRIES.length);
      for (const e of ENTRIES) {
        expect(html).toContain(`id="${e.date}"`);
        for (const s of e.sections) expect(html).toContain(`<h3>${SECTIONS[s.name][lang]}`);
      }
    }
    expect(renderChangelog(ENTRIES, "sv")).toContain("<h3>Kalenderflöde</h3>");
    expect(renderChangelog(ENTRIES, "en")).toContain("<h3>Feed</h3>");
  });

  it("items: HTML escaped, code spans, https links; a link into the repository is its text", () => {
    expect(renderInline("a <b> & `x<y>` [docs](https://example.org/d) [repo](docs/decisions.md#easter)")).toBe(
      'a &lt;b&gt; &amp; <code>x&lt;y&gt;</code> <a href="https://example.org/d">docs</a> repo',
    );
  });

  it("exists in both languages, and the feed at its declared address", () => {
    expect(pageHref("changelog", "sv")).toBe(CHANGELOG.page);
    expect(pageHref("changelog", "en")).toBe(`/en${CHANGELOG.page}`);
    // Astro's pages are files: the page of each language, and the endpoint whose name is the feed's address
    expect(existsSync(join(ROOT, "site/src/pages", CHANGELOG.page, "index.astro"))).toBe(true);
    expect(existsSync(join(ROOT, "site/src/pages/en", CHANGELOG.page, "index.astro"))).toBe(true);
    expect(existsSync(join(ROOT, "site/src/pages", `${CHANGELOG.atom}.ts`))).toBe(true);
  });
});

describe("the changelog's Atom feed", () => {
  const xml = changelogAtom(ENTRIES);

  it("is well-formed XML with one entry per changelog entry, each with id, title, updated, link and content", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "@",
      isArray: (name) => name === "entry" || name === "link",
    }).parse(xml);
    const feed = doc.feed;
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe(`${SITE_ORIGIN}/en${CHANGELOG.page}`);
    expect(feed.updated).toBe(`${ENTRIES[0].date}T00:00:00Z`);
    expect(feed.link.map((l: Record<string, string>) => l["@rel"])).toEqual(["self", "alternate"]);
    expect(feed.link[0]["@href"]).toBe(SITE_ORIGIN + CHANGELOG.atom);
    expect(feed.entry.length).toBe(ENTRIES.length);
    const ids = new Set<string>();
    feed.entry.forEach((entry: Record<string, any>, i: number) => {
      const e = ENTRIES[i];
      ids.add(entry.id);
      expect(entry.id).toMatch(/^tag:[^,]+,\d{4}-\d{2}-\d{2}:changelog$/);
      expect(entry.title).toBe(`${e.date} — ${e.title}`);
      expect(entry.updated).toBe(`${e.date}T00:00:00Z`);
      expect(entry.link[0]["@href"]).toBe(`${SITE_ORIGIN}/en${CHANGELOG.page}#${e.date}`);
      expect(entry.content["@type"]).toBe("html");
      // the content is the entry's HTML, escaped once: parsed back it is HTML again
      expect(entry.content["#text"]).toContain("<h3>");
      expect(entry.content["#text"]).toContain(`<li>`);
    });
    expect(ids.size).toBe(ENTRIES.length);
  });
});
