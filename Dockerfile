# syntax=docker/dockerfile:1
# fieldline: multi-stage build. `build` installs everything (dev tools, native sqlite3) and compiles src/ to dist/;
# `prod-deps` installs runtime dependencies only; the final image holds those and dist/: no tsx, no esbuild, no
# TypeScript, no toolchain.
# Node 26 is the current LTS (Active LTS since 2026-10-28); the same image for every stage so that native
# modules are built against the glibc they run on.
ARG NODE_IMAGE=node:26-trixie-slim

FROM ${NODE_IMAGE} AS toolchain
# sqlite3 builds from source when no prebuilt binary fits; npm 11 (bundled with Node 26) honours package.json
# "allowScripts" (sqlite3, esbuild), which is what lets their install scripts run.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS build
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

FROM toolchain AS prod-deps
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    STORE_URL=sqlite:///app/data/fieldline.sqlite
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
# manifest.yml: read at run time by the local console (dist/slack-standin/console/manifest.js → ../../../).
COPY --chown=root:root package.json manifest.yml ./
COPY --from=build --chown=root:root /app/dist ./dist
# The only writable place: the sqlite store (mount a volume here to keep state).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The compiled app, without npm in between so SIGTERM reaches node; flags as src/base/runtime-flags.ts says.
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "dist/main/main.js"]
