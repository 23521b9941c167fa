/**
 * The v3 API: one engine call per route (contract/routes.ts), in the envelope the contract declares
 * (contract/resources.ts). `V3_BODIES` builds each route's body from its read, typed arguments; the
 * HTTP handlers serialise it and the MCP tools (./mcp-tools.ts) return it as it is, so both answer the same object.
 * Matching, parameters, cache policy, ETag/304 and HEAD come from the router (./router.ts); CORS, methods, limits
 * and problems from serve().
 */
import { catalogueResource, dueDateCatalogueResource, flagDayCatalogueResource } from "../contract/resources.js";
import { serializeJson } from "../contract/serialize.js";
import { openApiBody } from "./openapi-body.js";
import { respond, serve } from "./pipeline.js";
import { tableRateLimitGroup } from "./request-context.js";
import { type RouteHandler, type RouteHandlers, tableRouter } from "./router.js";
import { bodyOf, V3_BODIES, type V3BodyRoute } from "./v3-bodies.js";

export { type BodyOf, V3_BODIES, type V3BodyRoute } from "./v3-bodies.js";

/** Bodies that never change, serialised once. */
const once = (make: () => string) => {
  let body: string | undefined;
  return () => (body ??= make());
};

/** A route's handler: its body, serialised. */
const serialised =
  <R extends V3BodyRoute>(route: R): RouteHandler<R> =>
  ({ args, ctx }) =>
    serializeJson(bodyOf(route, args, ctx.clock()));

export const V3_HANDLERS: RouteHandlers = {
  // each route's handler is its own route's (serialised(id) for id): the table built from the ids cannot say so to the compiler
  ...(Object.fromEntries((Object.keys(V3_BODIES) as V3BodyRoute[]).map((id) => [id, serialised(id)])) as RouteHandlers),
  observances: once(() => serializeJson(catalogueResource())),
  flagDayCatalogue: once(() => serializeJson(flagDayCatalogueResource())),
  dueDateCatalogue: once(() => serializeJson(dueDateCatalogueResource())),
  openapi: () => openApiBody(),
};

/** The v3 router: reads the pathname and the query, never the host. */
export const routeV3 = tableRouter(V3_HANDLERS);

/** Every /v3 request: validation, engine, serialisation, with the shared HTTP rules of serve(). */
export const answerV3 = serve(tableRateLimitGroup("v3"), routeV3);
export const handleV3 = respond(answerV3);
