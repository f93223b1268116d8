# Hearth in a container: `docker compose up -d` with compose.yaml beside this file, or
#   docker build -t hearth . && docker run -p 9000:9000 -v hearth-data:/app/data hearth
# BASE is any Debian-based image with Node.js (a current LTS) in /usr/local; the official one by default.
ARG BASE=node:24-bookworm-slim

FROM ${BASE} AS build
WORKDIR /app
# better-sqlite3 compiles from source against the image's own Node headers.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app, then the server bundle (with V8's code cache from a trial start on this very Node),
# then only what the bundle loads at run time.
RUN node node_modules/vite/bin/vite.js build --logLevel warn \
 && node scripts/build-server.mjs \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${BASE}
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    PORT=9000 \
    API_HOST=0.0.0.0 \
    LOG_FORMAT=json \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/healthcheck.mjs ./scripts/
# Runs as the image's unprivileged `node` user; only the data volume is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 9000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
STOPSIGNAL SIGTERM
# The server itself is the main process (no supervisor: the restart policy restarts it), with `npm start`'s flags.
CMD ["node", "--max-semi-space-size=1", "dist/server/start.cjs"]
