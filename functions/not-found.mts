import { netlifyFunction } from "./lib/netlify.js";
import { handleNotFound } from "./lib/not-found.js";

// No config.path: netlify.toml's last redirect rule rewrites every otherwise unanswered path here.
export default netlifyFunction(handleNotFound);
