/**
 * The human-facing site in real headless Chromium: the build of npm run build:site, served by a fixture server
 * (./site-setup.ts), driven page by page. Screenshots go to test-results/screenshots/. Chromium is required: without
 * it the suite fails, it never skips. One file, so one build, one browser and one server serve every suite.
 *
 * The site is Swedish at /, /api/, /v2-deprecation/ and English at /en/, /en/api/, /en/v2-deprecation/. Checks
 * of English wording run on the English pages; checks that do not depend on the language run on the Swedish ones
 * (or on both), and the Swedish wording has checks of its own.
 */
import { siteUnderTest } from "./site-setup.js";
import { businessSuite } from "./suite-business.js";
import { calendarSuite } from "./suite-calendar.js";
import { homePageSuite } from "./suite-home.js";
import { pagesSuite } from "./suite-pages.js";
import { workingTimeSuite } from "./suite-working-time.js";

const site = siteUnderTest();

homePageSuite(site);
calendarSuite(site);
businessSuite(site);
workingTimeSuite(site);
pagesSuite(site);
