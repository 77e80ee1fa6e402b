# syntax=docker/dockerfile:1
# Solar's container image: the Fastify server (apps/server) serving /api/v1 and the built
# web app, run as the unprivileged `node` user. compose.yaml runs it behind Caddy with
# PostgreSQL and Redis; docs/operations.md covers migrations, backups and restores.
#
#   docker build -t solar .
#   docker run -p 3000:3000 -v solar-data:/data solar      (embedded PGlite in /data)
#
# The server runs TypeScript directly (Node 24 strips types), so the image keeps the
# workspace layout: packages/domain is reached through pnpm's symlink, never copied into
# node_modules (Node does not strip types under node_modules).

ARG NODE_IMAGE=node:24-bookworm-slim

# pnpm at the version scripts/bootstrap.sh installs and package.json's packageManager names,
# installed with npm (corepack needs signature keys this project's machines lack).
FROM ${NODE_IMAGE} AS base
ARG PNPM_VERSION=10.34.9
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    npm_config_update_notifier=false
RUN npm install --global --no-audit --no-fund "pnpm@${PNPM_VERSION}" && npm cache clean --force
WORKDIR /app

# 1. Build the web app: every workspace dependency, development ones included.
FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store pnpm fetch --frozen-lockfile
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline
RUN pnpm --filter @solar/web build

# 2. Production dependencies of the server and the packages it imports, nothing else.
FROM base AS prod-deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/server/package.json apps/server/
COPY packages/domain/package.json packages/domain/
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod --filter "@solar/server..."

# 3. The image: production node_modules, the server's and domain's sources, the migrations
#    and the web build.
FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=prod-deps /app/packages/domain/node_modules ./packages/domain/node_modules
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml LICENSE THIRD-PARTY-NOTICES.md ./
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY packages/domain/package.json packages/domain/
COPY packages/domain/src packages/domain/src
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: PGlite's files (when DATABASE_URL is unset), the mail outbox without SMTP_URL,
# and the generated JWT secret when JWT_SECRET is unset.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database, no Redis): an outage of those must not get the container
# restarted. Readiness is /api/v1/health/ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not through pnpm), so SIGTERM reaches the server and it drains its streams.
CMD ["node", "apps/server/src/main.ts"]
