# The standalone server in a container: the whole service (API, calendar feed, MCP, site) on port 8888.
#
#   docker build -t swedish-calendar . && docker run --rm -p 8888:8888 swedish-calendar
#   docker compose up                       (compose.yaml: two workers counting in a Redis of its own)
#
# Three stages on the official Node 22 image (the pinned major, .nvmrc):
#   build      every dependency (`npm ci`), then what the server serves, built as `npm run build` would but for the
#              dataset: the routing files and the site into public/, the server's bundle into dist/server.mjs;
#   prod-deps  the production dependencies only (`npm ci --omit=dev`);
#   run        those two put together, run as the image's unprivileged user `node` by node itself (no npm, no
#              shell in between), so that SIGTERM reaches the server, which stops within 2 s.
#
# The static dataset (`npm run build:data`) is left out by default: without it the server computes every answer,
# byte-identical, and keeps repeated ones in memory. `--build-arg DATASET=yes` builds it into the image: 268,000
# files, 1.46 GB instead of 179 MB, and a build of 3.5 min instead of 1 (docs/self-hosting.md#in-a-container).
# Install scripts are not run (`--ignore-scripts`): nothing the build or the server uses needs one (esbuild, Astro
# and sharp take their prebuilt platform packages), and the slim image has no compiler for the optional native
# addons of dev-only tools.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true ASTRO_TELEMETRY_DISABLED=1 npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
# the lock file first, so that the install layer is reused while only the sources change (swedish-calendar is the
# engine in engine/, a file: dependency whose package.json the install reads)
COPY package.json package-lock.json ./
COPY engine/package.json engine/
RUN npm ci --ignore-scripts --loglevel=error
COPY . .
ARG DATASET=no
RUN npm run build:routing && npm run build:site && npm run build:code \
    && if [ "$DATASET" = yes ]; then npm run build:data; fi

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY engine/package.json engine/
RUN npm ci --omit=dev --ignore-scripts --loglevel=error

FROM ${NODE_IMAGE} AS run
WORKDIR /app
# what `npm start` reads at run time: the bundle (dist/) and the publish folder (public/), and the sources the bundle
# and the site were built from, so that it finds both current (build/bundle-state.mjs, build/site-stamp.ts) and
# builds or writes nothing; the engine's folder is also where the swedish-calendar dependency links to; CHANGELOG.md is one of the site's sources
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/CHANGELOG.md ./
COPY --from=build /app/build build
COPY --from=build /app/contract contract
COPY --from=build /app/engine engine
COPY --from=build /app/functions functions
COPY --from=build /app/http http
COPY --from=build /app/server server
COPY --from=build /app/site site
COPY --from=build /app/dist dist
COPY --from=build /app/public public
# the compressed forms of public/'s files the builds wrote (build/precompress.ts): served as they are, never compressed again
COPY --from=build /app/.compressed .compressed
# every interface of the container (server/config.ts: HOST is the address to bind; unset, Node binds every interface
# too, but said here since a container must not bind loopback only), the service's port
ENV HOST=0.0.0.0 PORT=8888
EXPOSE 8888
# the files stay root's and read-only for the server: it writes nothing when the build is current
USER node
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8888}/health`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as the container's main process: SIGTERM (docker stop) reaches the server's own handler, which closes within
# its 1.2 s grace and exits 0 (within 1.7 s whatever its log output does); no npm, whose banner would not be JSON
CMD ["node", "server/start.mjs"]
