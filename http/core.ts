/** The shared HTTP core: everything a function needs, in one import. */

export { etagOf, serializeJson } from "../contract/serialize.js";
export * from "./cache.js";
export * from "./counters.js";
export * from "./http.js";
export * from "./method-gate.js";
export * from "./netlify.js";
export * from "./pipeline.js";
export * from "./problem.js";
export * from "./ratelimit.js";
export * from "./request-context.js";
export * from "./router.js";
