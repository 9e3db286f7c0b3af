// The reference server as server/server.ts starts it, but serving the built client from BENCH_CLIENT_DIR instead of
// dist/: a bench can run against its own build (e.g. `npx vite build --outDir /tmp/bench-dist`) while someone else
// rebuilds dist/. server.ts has no setting for the client directory; buildApp has (`clientDir`). Started by
// ./server.ts, never directly.
import { resolve } from 'node:path'
import { buildApp } from '../../../server/app'
import { scaleRateLimits } from '../../../server/plugins/rate-limit'
import { realtimeOptionsFromEnv } from '../../../server/realtime/config'

const clientDir = process.env.BENCH_CLIENT_DIR
if (!clientDir) throw new Error('BENCH_CLIENT_DIR is not set')
const port = Number(process.env.PORT ?? 8080)
const app = await buildApp({
  realtime: realtimeOptionsFromEnv(process.env, port),
  dataDir: resolve(process.env.DATA_DIR ?? 'data/'),
  seedDemo: process.env.SEED_DEMO !== 'false',
  rateLimits: scaleRateLimits(Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1)),
  // As server.ts: the request log is part of the server's CPU per request.
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  clientDir: resolve(clientDir),
})
const shutdown = () => {
  void app.close().finally(() => process.exit(0))
  setTimeout(() => process.exit(1), 8_000).unref()
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' })
