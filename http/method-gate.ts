/** The method steps of a request: the CORS preflight and 405 with Allow. */
import {
  allowHeaderOf,
  DEFAULT_ALLOWED_HEADERS,
  NO_STORE,
  PREFLIGHT_HEADERS,
  READ_METHODS,
} from "../contract/policies.js";
import type { Answer, RequestHead } from "./http.js";
import { problemAnswer } from "./problem.js";

/** OPTIONS: the CORS preflight (204), allowing `methods` and the headers the browser asks for. */
export function preflight(request: RequestHead, methods: readonly string[] = READ_METHODS): Answer {
  const requested = request.headers.get("Access-Control-Request-Headers");
  return {
    status: 204,
    headers: {
      ...PREFLIGHT_HEADERS,
      "Access-Control-Allow-Methods": allowHeaderOf(methods),
      "Access-Control-Allow-Headers": requested?.trim() ? requested : DEFAULT_ALLOWED_HEADERS,
      "Cache-Control": NO_STORE,
    },
    body: null,
  };
}

/** 405 with Allow for a method not in `allowed` (default GET, HEAD, OPTIONS); undefined when the method is allowed. */
export function methodNotAllowed(method: string, allowed: readonly string[] = READ_METHODS): Answer | undefined {
  if (allowed.includes(method)) return undefined;
  const allow = allowHeaderOf(allowed);
  const shown = /^[A-Za-z-]{1,20}$/.test(method) ? method : "this method";
  return problemAnswer("method-not-allowed", `method ${shown} is not allowed; use ${allow}`, { Allow: allow });
}

/** The preflight or the 405 a request's method gets among `methods`; undefined when it goes on to be answered. */
export function methodGate(request: RequestHead, methods: readonly string[] = READ_METHODS): Answer | undefined {
  if (request.method === "OPTIONS" && methods.includes("OPTIONS")) return preflight(request, methods);
  return methodNotAllowed(request.method, methods);
}
