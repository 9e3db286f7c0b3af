// The benches' server: tests/e2e/support/server.ts's, serving the built client in CLIENT_DIR (dist/, or the
// directory BENCH_CLIENT_DIR names, so a bench can measure its own build while someone else rebuilds dist/).
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startServer, type RunningServer } from '../../e2e/support/server'

const ROOT = new URL('../../../', import.meta.url).pathname

/** The built client the benches measure and the server serves. */
export const CLIENT_DIR = resolve(process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist'))

export function assertClientBuilt() {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    throw new Error(
      `no built client in ${CLIENT_DIR}: run \`npm run build\`, or build elsewhere and point BENCH_CLIENT_DIR at it`,
    )
  }
}

/** startServer of the e2e suite, with the same environment, serving CLIENT_DIR. */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  assertClientBuilt()
  return startServer({ CLIENT_DIR, ...env }, options)
}
