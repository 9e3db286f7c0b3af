# CFD Trader: the reference server with the built PWA, one instance per container (docs/decisions/0024-beyond-one-machine.md;
# deploy/compose.yaml runs two behind nginx). Build from the repository's root:  docker build -t cfd-trader .
#
# The server runs its TypeScript through tsx (`npm run serve` = node --import tsx server/server.ts), so the image
# holds the server's sources, src/domain (the API contract it shares with the client), the production dependencies,
# and tsx with esbuild, its one dependency (devDependencies that the runtime needs).

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build the client: every dependency, Panda's generated styles (`prepare`), the route tree and vite build.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` (panda codegen) needs the sources, copied next; it runs below. Dependencies'
# install scripts are not needed (npm 11 skips them too).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run prepare && npm run build

# 2. Production dependencies only (no `prepare`: panda is a devDependency).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. The runtime.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# tsx and esbuild (with the platform's binary package, the only one npm installed under @esbuild/).
COPY --from=build /app/node_modules/tsx ./node_modules/tsx
COPY --from=build /app/node_modules/esbuild ./node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild ./node_modules/@esbuild
COPY package.json tsconfig.json tsconfig.base.json ./
COPY server ./server
COPY src/domain ./src/domain
COPY --from=build /app/dist ./dist
# Every server module loads (imports resolve, tsx compiles) before the image is accepted.
RUN node --import tsx --input-type=module -e "await import('./server/app.ts'); process.exit(0)" \
    && mkdir -p /app/data && chown node:node /app/data
# DATA_DIR: the embedded PGlite database when DATABASE_URL is unset (mount a volume there: -v cfd-data:/app/data).
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself, not npm: SIGTERM reaches the server, which closes its sockets and hands leadership over.
CMD ["node", "--import", "tsx", "server/server.ts"]
