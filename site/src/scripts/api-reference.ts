/**
 * The interactive reference (issue 22): /v3/openapi.json rendered by Swagger UI (swagger-ui-dist, bundled into the
 * site's own assets: nothing is fetched from elsewhere). "Try it out" sends real requests to this origin (the
 * document's server is the service itself). The schema validator badge is off: it would call validator.swagger.io.
 */
import SwaggerUI from "swagger-ui-dist/swagger-ui-es-bundle.js";
import "swagger-ui-dist/swagger-ui.css";
import { PATHS } from "../../../contract/paths.ts";
import { documentLang } from "../lib/i18n.ts";

const STATUS = {
  en: { failed: "The OpenAPI description could not be loaded." },
  sv: { failed: "OpenAPI-beskrivningen kunde inte hämtas." },
}[documentLang()];

const status = document.getElementById("reference-status")!;
const target = document.getElementById("reference-content")!;

SwaggerUI({
  domNode: target,
  url: PATHS.openapi,
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: true,
  defaultModelsExpandDepth: 0,
  docExpansion: "list",
  // requests go to this origin whatever the document's servers say (a copy on another host tries itself)
  requestInterceptor: (request: { url: string }) => {
    const url = new URL(request.url, location.href);
    if (url.origin !== location.origin) request.url = location.origin + url.pathname + url.search;
    return request;
  },
  onComplete: () => {
    status.textContent = "";
    target.dataset.rendered = "true";
  },
}).getSystem?.();

window.addEventListener("unhandledrejection", () => {
  if (!target.dataset.rendered) status.textContent = STATUS.failed;
});
