/** The changelog's Atom feed (/changelog.atom), written from CHANGELOG.md at build time. */
import { CHANGELOG_ENTRIES } from "../changelog-source.ts";
import { changelogAtom } from "../lib/changelog.ts";

export function GET(): Response {
  return new Response(changelogAtom(CHANGELOG_ENTRIES), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}
