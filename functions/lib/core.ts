/** The shared HTTP core: everything a function needs, in one import. */
export * from "./problem.js";
export * from "./cache.js";
export * from "./http.js";
export * from "./ratelimit.js";
export * from "./serve.js";
export * from "./router.js";
export * from "./netlify.js";
export { serializeJson, etagOf } from "../../contract/serialize.js";
