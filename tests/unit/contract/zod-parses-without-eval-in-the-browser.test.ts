// The page and the workers import src/domain/contract/zod-jitless.ts first, so zod never compiles a parser with
// `new Function`, which the Content-Security-Policy forbids. It sets zod's shared configuration without importing
// zod (decision 0031): whichever loads first, zod must read the flag.
import * as z from 'zod/mini'
import { describe, expect, it, vi } from 'vitest'

describe('zod in the browser parses without eval', () => {
  it('takes the flag when zod was loaded before the module', async () => {
    delete z.config().jitless
    vi.resetModules()
    await import('../../../src/domain/contract/zod-jitless')
    expect(z.config().jitless).toBe(true)
  })

  it('and a zod loaded after it finds the flag on the shared configuration', async () => {
    const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
    const saved = holder.__zod_globalConfig
    delete holder.__zod_globalConfig
    try {
      vi.resetModules()
      await import('../../../src/domain/contract/zod-jitless')
      expect(holder.__zod_globalConfig).toEqual({ jitless: true })
    } finally {
      holder.__zod_globalConfig = saved
    }
  })
})
