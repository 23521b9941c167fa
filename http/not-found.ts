import { RATE_LIMITS } from "../contract/policies.js";
import { NOT_FOUND } from "../contract/routes.js";
import { responseOf } from "./http.js";
import { notFoundPageAnswer, notFoundPageLanguage } from "./not-found-page.js";
import { respond, serve } from "./pipeline.js";
import { notFound } from "./problem.js";
import { type RequestContext, requestContext } from "./request-context.js";
import { notFoundPages } from "./site-pages.js";

/** Any path nothing else answers: a not-found problem, with the v3 rate limit on its own counter. */
export const answerNotFound = serve(
  { name: NOT_FOUND.rateLimitGroup, rateLimit: () => RATE_LIMITS[NOT_FOUND.rateLimitGroup] },
  (ctx) => {
    throw notFound(ctx.url.pathname);
  },
);
export const handleNotFound = respond(answerNotFound);

/**
 * The deployed not-found function (functions/not-found.mts): a browser gets the site's not-found page in the path's
 * language, as the standalone server answers it (./not-found-page.ts decides for both), from the pages the bundle holds
 * (./site-pages.ts); anyone else the problem document. (A function declaration: a bundle that does not use it, the
 * standalone server's, leaves it and the pages out.)
 */
export async function handleNotFoundOrPage(request: Request, partial?: Partial<RequestContext>): Promise<Response> {
  const ctx = requestContext(request, partial);
  const language = notFoundPageLanguage(request, ctx.url.pathname);
  if (language) return responseOf(request, notFoundPageAnswer(ctx, notFoundPages()[language]));
  return handleNotFound(request, ctx);
}
