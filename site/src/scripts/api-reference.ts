/**
 * The interactive reference, loaded only when asked for (./api-try.ts imports this module when its button is
 * pressed, so the page itself carries no Swagger UI bytes): /v3/openapi.json rendered by Swagger UI (swagger-ui-dist, bundled into the
 * site's own assets: nothing is fetched from elsewhere). "Try it out" is off until pressed, and then sends real
 * requests to this origin (the document's server is the service itself). The schema validator badge is off: it
 * would call validator.swagger.io.
 *
 * Made to fit the page (test/e2e/api-page.test.ts: axe-core finds nothing, a 390 px screen does not scroll
 * sideways): Swagger UI's layout is its own BaseLayout with the operations in a `div` instead of a second `main`
 * (the page has its `main`, which holds the reference), its selects get names (fitRendered), and ../styles/api-reference.css
 * gives its colours the contrast the site's have, lets its tables' code break only where words do (an error slug at
 * its hyphens) and keeps wide tables and examples scrolling inside themselves.
 */

// the stylesheets by address, linked when mounting: imported as CSS, the site build would inline them into the page
import swaggerCss from "swagger-ui-dist/swagger-ui.css?url";
import SwaggerUI from "swagger-ui-dist/swagger-ui-es-bundle.js";
import { PATHS } from "../../../contract/paths.ts";
import { documentLang } from "../lib/i18n.ts";
import siteSwaggerCss from "../styles/api-reference.css?url";

const STATUS = {
  en: { failed: "The OpenAPI description could not be loaded." },
  sv: { failed: "OpenAPI-beskrivningen kunde inte hämtas." },
}[documentLang()];

const status = document.getElementById("reference-status")!;
const target = document.getElementById("reference-content")!;
let mounted = false;

/** What of Swagger UI's system the layout uses (its plugin API is untyped). */
interface LayoutProps {
  getComponent: (name: string, container?: boolean) => unknown;
  specSelectors: {
    isSwagger2(): boolean;
    isOAS3(): boolean;
    isOAS31(): boolean;
    isOAS32?(): boolean;
    specStr(): string;
    loadingStatus(): string;
    servers(): { size: number } | undefined;
    schemes(): { size: number } | undefined;
    securityDefinitions(): unknown;
  };
}
interface SwaggerSystem {
  React: { createElement: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown };
}

/**
 * Swagger UI's BaseLayout (swagger-ui 5, src/core/components/layouts/base.jsx) as it renders a loaded document, with
 * its operations, webhooks and models in a `div` rather than `main`: inside the page's own `main`, a second main
 * landmark is one too many. While loading, or when loading failed, BaseLayout itself renders.
 */
function siteLayoutPlugin(system: SwaggerSystem) {
  const h = system.React.createElement;
  function SiteLayout(props: LayoutProps) {
    const { getComponent, specSelectors: spec } = props;
    if (spec.loadingStatus() !== "success" || !spec.specStr()) return h(getComponent("BaseLayout", true));
    const c = (name: string, container = false) => getComponent(name, container);
    const [Row, Col, Errors] = [c("Row"), c("Col"), c("errors", true)];
    const servers = spec.servers()?.size;
    const schemes = spec.schemes()?.size;
    const security = !!spec.securityDefinitions();
    const row = (child: unknown, className?: string) =>
      h(Row, className ? { className } : null, h(Col, { mobile: 12, desktop: 12 }, child));
    return h(
      "div",
      { className: "swagger-ui" },
      h(c("SvgAssets")),
      h(
        c("VersionPragmaFilter"),
        {
          isSwagger2: spec.isSwagger2(),
          isOAS3: spec.isOAS3(),
          isOAS31: spec.isOAS31(),
          isOAS32: spec.isOAS32?.() ?? false,
          alsoShow: h(Errors),
        },
        h(Errors),
        h(Row, { className: "information-container" }, h(Col, { mobile: 12 }, h(c("InfoContainer", true)))),
        servers || schemes || security
          ? h(
              "div",
              { className: "scheme-container" },
              h(
                Col,
                { className: "schemes wrapper", mobile: 12 },
                servers || schemes
                  ? h(
                      "div",
                      { className: "schemes-server-container" },
                      servers ? h(c("ServersContainer", true)) : null,
                      schemes ? h(c("SchemesContainer", true)) : null,
                    )
                  : null,
                security ? h(c("AuthorizeBtnContainer", true)) : null,
              ),
            )
          : null,
        h(c("FilterContainer", true)),
        h(
          "div",
          { id: "operations", tabIndex: -1, style: { outline: "none" } },
          row(h(c("operations", true))),
          spec.isOAS31() || spec.isOAS32?.() ? row(h(c("Webhooks", true)), "webhooks-container") : null,
          row(h(c("Models", true))),
        ),
      ),
    );
  }
  return { components: { SiteLayout } };
}

/**
 * What Swagger UI renders without, added as it renders (and again when it re-renders): a name for each `select`
 * that has none (the server list, a parameter's values, a response's examples: the name its row or heading shows),
 * and keyboard access to whatever scrolls inside itself (a table wider than a narrow screen, a long example) and
 * holds nothing focusable: it can take the focus, so the arrow keys scroll it.
 */
function fitRendered(): void {
  for (const select of target.querySelectorAll<HTMLSelectElement>("select:not([aria-label]):not([aria-labelledby])")) {
    const name =
      select.closest("[data-param-name]")?.getAttribute("data-param-name") ??
      select.closest(".response-control-examples")?.querySelector(".response-control-examples__title")?.textContent ??
      (select.id === "servers" ? target.querySelector(".servers-title")?.textContent || "Servers" : null);
    if (name?.trim()) select.setAttribute("aria-label", name.trim());
  }
  for (const region of target.querySelectorAll<HTMLElement>("table, pre, .highlight-code")) {
    const style = getComputedStyle(region);
    const scrollsX = region.scrollWidth > region.clientWidth + 1 && /auto|scroll/.test(style.overflowX);
    const scrollsY = region.scrollHeight > region.clientHeight + 1 && /auto|scroll/.test(style.overflowY);
    const scrolls =
      (scrollsX || scrollsY) &&
      !region.querySelector("a[href], button, input, select, textarea, [tabindex]:not([data-scroll-focus])");
    if (scrolls && !region.hasAttribute("tabindex")) {
      region.tabIndex = 0;
      region.dataset.scrollFocus = "";
    } else if (!scrolls && region.dataset.scrollFocus !== undefined) {
      region.removeAttribute("tabindex");
      delete region.dataset.scrollFocus;
    }
  }
}
let fitting = 0;
const fitSoon = () => {
  if (!fitting)
    fitting = requestAnimationFrame(() => {
      fitting = 0;
      return fitRendered();
    });
};
/** A stylesheet linked into the head, settled once it has loaded (or failed: Swagger UI still works unstyled). */
function linkStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/** Mounts Swagger UI into #reference-content (once), after its stylesheets. */
export async function mountSwaggerUi(): Promise<void> {
  if (mounted) return;
  mounted = true;
  await Promise.all([linkStylesheet(swaggerCss), linkStylesheet(siteSwaggerCss)]);
  new MutationObserver(fitSoon).observe(target, { childList: true, subtree: true });
  window.addEventListener("resize", fitSoon);

  SwaggerUI({
    domNode: target,
    url: PATHS.openapi,
    validatorUrl: null,
    plugins: [siteLayoutPlugin],
    layout: "SiteLayout",
    // off: a deep link scrolls the page to an operation on load, and rewrites the address on every click
    deepLinking: false,
    // "Try it out" stays off until pressed: a reader sees the documentation, not a form
    tryItOutEnabled: false,
    defaultModelsExpandDepth: 0,
    // the light theme: its colours meet AA on its white (the default, agate, draws numbers and literals at 3.5:1)
    syntaxHighlight: { activated: true, theme: "idea" },
    docExpansion: "list",
    // requests go to this origin whatever the document's servers say (a copy on another host tries itself)
    requestInterceptor: (request: { url: string }) => {
      const url = new URL(request.url, location.href);
      if (url.origin !== location.origin) request.url = location.origin + url.pathname + url.search;
      return request;
    },
    onComplete: () => {
      status.textContent = "";
      fitRendered();
      target.dataset.rendered = "true";
    },
  }).getSystem?.();

  window.addEventListener("unhandledrejection", () => {
    if (!target.dataset.rendered) status.textContent = STATUS.failed;
  });
}
