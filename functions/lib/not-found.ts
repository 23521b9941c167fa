import { NOT_FOUND } from "../../contract/routes.js";
import { notFound } from "./problem.js";
import { SURFACES } from "../../contract/policies.js";
import { responding, serveAnswers } from "./serve.js";

/** Any path nothing else answers: a not-found problem, with the v3 pace on its own counter. */
export const answerNotFound = serveAnswers({ name: NOT_FOUND.surface, policy: () => SURFACES[NOT_FOUND.surface] }, (_request, ctx) => {
  throw notFound(ctx.url.pathname);
});
export const handleNotFound = responding(answerNotFound);
