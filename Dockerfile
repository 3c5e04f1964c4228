# syntax=docker/dockerfile:1
# fieldline: multi-stage build. `build` installs everything (dev tools, native sqlite3) and typechecks;
# `prod-deps` installs runtime dependencies only; the final image holds those, the sources and no toolchain.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS toolchain
# sqlite3 builds from source when no prebuilt binary fits; npm 11 honours package.json "allowScripts"
# (sqlite3, esbuild), which is what lets their install scripts run.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@11
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npx tsc -p tsconfig.build.json --noEmit

FROM toolchain AS prod-deps
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    STORE_URL=sqlite:///app/data/fieldline.sqlite
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json manifest.yml ./
COPY --from=build --chown=root:root /app/src ./src
# The only writable place: the sqlite store (mount a volume here to keep state).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs (tsx is a runtime dependency), without npm in between so SIGTERM reaches node.
CMD ["node", "--import", "tsx", "src/main.ts"]
