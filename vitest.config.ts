import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { 'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // A fresh jsdom and module graph per file cost two thirds of the suite's time (183 s against 40 s on two
          // cores). The setup file starts each file with fresh modules of our own, an empty document and storage.
          isolate: false,
          maxWorkers: 2,
          // A budget, not a speed check: the property tests run thousands of cases (5,000 in the guard-and-contract
          // pairs), 1-2 s on a quiet machine and past vitest's default 5 s with the machine's two cores loaded.
          testTimeout: 20_000,
          // One retry: a few jsdom tests of Ark's parts (a menu's pointer, a dialog's exit) have failed once in a
          // full run with both cores busy and passed alone and in the next full run. A behaviour that breaks fails
          // both tries.
          retry: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One seeded database dumped before the suite; every test app starts from a copy (support/test-server).
          globalSetup: ['tests/integration/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two cores run two at a time.
          fileParallelism: true,
          maxWorkers: 2,
          // A worker's files share one module graph: a fresh one per file cost 127 s of the suite's CPU in imports
          // alone (324 -> 214 s on two cores). Nothing a file starts lives in a module: each builds its own app,
          // database and sockets and closes them, as the files that run several instances at once already rely on.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The unmodified ecosystem clients (pusher-js, the `pusher` SDK) against the broker (decision 0036).
          name: 'conformance',
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          // Test apps start from the integration suite's seeded dump (tests/integration/support/test-server.ts).
          globalSetup: ['tests/integration/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
})
