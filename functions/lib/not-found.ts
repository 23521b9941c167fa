import { V3_POLICY } from "./policies.js";
import { notFound } from "./problem.js";
import { serve, type Surface } from "./serve.js";

/** Any path nothing else answers: a not-found problem, with the v3 pace on its own counter. */
export const NOT_FOUND_SURFACE: Surface = { name: "not-found", policy: () => V3_POLICY };

export const handleNotFound = serve(NOT_FOUND_SURFACE, (request) => {
  throw notFound(new URL(request.url).pathname);
});
