/** CHANGELOG.md's text, read by the site build (Vite's ?raw import: the file as it stands at build time). */
import text from "../../CHANGELOG.md?raw";
import { parseChangelog } from "./lib/changelog.ts";

export const CHANGELOG_ENTRIES = parseChangelog(text);
