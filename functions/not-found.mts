import type { Context } from "@netlify/functions";
import { defaultContext } from "./lib/core.js";
import { handleNotFound } from "./lib/not-found.js";

// No config.path: netlify.toml's last redirect rule rewrites every otherwise unanswered path here.
export default (request: Request, context: Context) => handleNotFound(request, defaultContext(request, context));
