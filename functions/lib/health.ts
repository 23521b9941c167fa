import { FIRST_YEAR, LAST_YEAR } from "../../data-gen/index.js";
import { dataVersion } from "../../data-gen/data-version.js";
import { serializeJson } from "../../data-gen/serialize.js";
import { NO_STORE } from "./cache.js";
import { jsonResponse } from "./http.js";
import { notFound } from "./problem.js";
import { routePathname } from "./routes.js";
import { serve, type Surface } from "./serve.js";
import { V3_POLICY } from "./policies.js";

export const API_VERSION = "3.0.0";

/**
 * /health is outside the versioned API but carries the v3 pace (10 per minute per address) on its own counter,
 * so a monitor never eats into a client's v3 allowance and a flood of health checks is still bounded.
 */
export const HEALTH_SURFACE: Surface = { name: "health", policy: () => V3_POLICY };

export interface Health {
  status: "ok";
  apiVersion: string;
  dataVersion: string;
  years: { from: number; to: number };
}

export function healthBody(): Health {
  return { status: "ok", apiVersion: API_VERSION, dataVersion: dataVersion(), years: { from: FIRST_YEAR, to: LAST_YEAR } };
}

export const handleHealth = serve(HEALTH_SURFACE, (request) => {
  const pathname = routePathname(request.url);
  if (pathname !== "/health" && pathname !== "/") throw notFound(new URL(request.url).pathname);
  return jsonResponse(request, serializeJson(healthBody()), NO_STORE);
});
