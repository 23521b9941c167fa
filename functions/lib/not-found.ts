import { NOT_FOUND } from "../../contract/routes.js";
import { notFound } from "./problem.js";
import { SURFACES } from "../../contract/policies.js";
import { serve } from "./serve.js";

/** Any path nothing else answers: a not-found problem, with the v3 pace on its own counter. */
export const handleNotFound = serve({ name: NOT_FOUND.surface, policy: () => SURFACES[NOT_FOUND.surface] }, (request) => {
  throw notFound(new URL(request.url).pathname);
});
