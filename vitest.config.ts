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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two cores run two at a time.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
})
