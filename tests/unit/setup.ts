import '@testing-library/jest-dom/vitest'
// jsdom has no IndexedDB. Every file gets the fake one before anything imports Dexie: the files share one module
// graph for node_modules, and a Dexie first imported by a file without it kept `indexedDB` undefined for every later
// file in that worker (the watchlist, the sign-up draft and the chart tests failed that way when the order changed).
import 'fake-indexeddb/auto'
import { afterAll, afterEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// The unit project runs its files without isolation (vitest.config.ts: a jsdom and a module graph per file cost
// two thirds of the suite's time). Each file still starts as if alone: our own modules evaluated afresh (their
// stores, caches and lazy imports), an empty document and empty storage; what a file stubbed is put back after it.
vi.resetModules()
if (typeof document !== 'undefined') {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  localStorage.clear()
  sessionStorage.clear()
}

// A budget, not a speed check: findBy and waitFor wait up to 5 s rather than 1 s. The parts' opening and closing
// (zag's presence and focus, a frame or a timer each) passed 1 s with both cores busy.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
})

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})
