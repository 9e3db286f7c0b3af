// `node server/start.mjs` runs the server from an esbuild bundle instead of through tsx (decision 0033, Restart).
// The bundled server finds what lies beside its modules (the migrations: /readyz says all are applied), and the
// bundle is made again exactly when a source it was made from is no longer the same, never from stale code.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../support/free-port'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// Inside the repository, so that the bundle's packages resolve from node_modules; apart from dist-server/.
const bundleDir = join(ROOT, 'node_modules', '.cache', `server-start-test-${process.pid}`)
const dataDir = mkdtempSync(join(tmpdir(), 'cfd-start-'))
const env = { ...process.env, SERVER_BUNDLE_DIR: bundleDir }
const bundle = join(bundleDir, 'server.mjs')
const manifest = join(bundleDir, 'inputs.json')

function build(): void {
  const result = spawnSync(process.execPath, ['server/start.mjs', '--build'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
}

beforeAll(() => build(), 60_000)
afterAll(() => {
  rmSync(bundleDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

it('serves from the bundle, with every migration found beside the database code', async () => {
  const port = await freePort()
  const server = spawn(process.execPath, ['server/start.mjs'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  try {
    // Polled until it answers; the test runner's time-out is the only limit.
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined)
      if (answer?.ok) {
        expect((await answer.json()).checks).toMatchObject({ database: true, migrations: true })
        break
      }
      expect(server.exitCode).toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}, 120_000)

it('builds again only when a source it was made from is no longer the same', () => {
  const builtAt = statSync(bundle).mtimeMs
  build()
  expect(statSync(bundle).mtimeMs).toBe(builtAt)

  // As if server/routes/health.ts had been edited since: its recorded size and time no longer match.
  const recorded = JSON.parse(readFileSync(manifest, 'utf8')) as { inputs: Record<string, string> }
  expect(Object.keys(recorded.inputs)).toContain('server/routes/health.ts')
  recorded.inputs['server/routes/health.ts'] = '0:0'
  writeFileSync(manifest, JSON.stringify(recorded))
  build()
  expect(statSync(bundle).mtimeMs).toBeGreaterThan(builtAt)
  const rebuilt = JSON.parse(readFileSync(manifest, 'utf8')) as { inputs: Record<string, string> }
  expect(rebuilt.inputs['server/routes/health.ts']).not.toBe('0:0')
}, 60_000)
