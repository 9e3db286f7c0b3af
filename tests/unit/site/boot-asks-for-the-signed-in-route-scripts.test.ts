// public/boot.js on a signed-in visit: beside the entry it asks for the scripts of the route the address opens, from
// the table the build writes in its tag's data-routes (scripts/route-chunks.ts, signedInPreloads).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import BOOT from '../../../public/boot.js?raw'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'

const ROUTES = {
  shared: ['protected.js'],
  layouts: { '/main': ['main.js'], '/main/deposit': ['deposit.js'], '/admin': ['admin.js'] },
  pages: {
    '/main/dashboard': ['dashboard.js'],
    '/main/deposit/$crypto': ['crypto.js'],
    '/admin': ['admin-home.js'],
    '/mt4': ['mt4.js'],
  },
}

/** Runs boot.js at `path` as a hidden tab, which starts at once; its later tasks wait for the fake timers. */
function startBoot(path: string, session: { role: string } | null, routes: unknown = ROUTES) {
  window.history.replaceState(null, '', path)
  localStorage.clear()
  if (session) {
    localStorage.setItem(
      // The key the app keeps its session under (src/lib/session-store.ts), which boot.js reads by name.
      STORAGE_KEYS.SESSION,
      JSON.stringify({ state: { token: 't', user: { id: 1, role: session.role }, selectedAccountIndex: 0 } }),
    )
  }
  const tag = document.createElement('script')
  tag.setAttribute('data-entry', '/assets/index.js')
  tag.setAttribute('data-preload', '/assets/react.js')
  tag.setAttribute('data-routes', typeof routes === 'string' ? routes : JSON.stringify(routes))
  Object.defineProperty(document, 'currentScript', { value: tag, configurable: true })
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
  new Function(BOOT)()
}

/** What boot.js asked for once all its tasks have run, in order. */
function bootAt(path: string, session: { role: string } | null, routes: unknown = ROUTES) {
  startBoot(path, session, routes)
  vi.runAllTimers()
  return [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (element) =>
      element instanceof HTMLLinkElement
        ? element.getAttribute('href')
        : `entry ${element.getAttribute('src')}`,
  )
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  document.head.innerHTML = ''
  localStorage.clear()
})

describe('boot.js asks for a signed-in route’s scripts beside the entry', () => {
  it('adds the shared, layout and page scripts of the address after the entry', () => {
    expect(bootAt('/main/deposit/btc', { role: 'user' })).toEqual([
      '/assets/react.js',
      'entry /assets/index.js',
      '/assets/protected.js',
      '/assets/main.js',
      '/assets/deposit.js',
      '/assets/crypto.js',
    ])
    document.head.innerHTML = ''
    expect(bootAt('/mt4', { role: 'user' })).toEqual([
      '/assets/react.js',
      'entry /assets/index.js',
      '/assets/protected.js',
      '/assets/mt4.js',
    ])
  })

  it('asks for a long list a few at a time, each batch in a task of its own', () => {
    const many = Array.from({ length: 40 }, (_, index) => `page-${index}.js`)
    startBoot('/mt4', { role: 'user' }, { shared: [], layouts: {}, pages: { '/mt4': many } })
    // The entry's own preload comes first, with the entry; the route's links follow in batches.
    const links = () => document.head.querySelectorAll('link[href^="/assets/page-"]').length
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index.js')
    expect(links()).toBe(16)
    vi.advanceTimersToNextTimer()
    expect(links()).toBe(32)
    vi.advanceTimersToNextTimer()
    expect(links()).toBe(40)
  })

  it('follows the router from / to the home of the role, and from /main to the dashboard', () => {
    expect(bootAt('/', { role: 'user' })).toContain('/assets/dashboard.js')
    document.head.innerHTML = ''
    expect(bootAt('/main/', { role: 'user' })).toContain('/assets/dashboard.js')
    document.head.innerHTML = ''
    const admin = bootAt('/', { role: 'admin' })
    expect(admin).toContain('/assets/admin-home.js')
    expect(admin).not.toContain('/assets/dashboard.js')
  })

  it('asks for nothing more without a session, at an address no signed-in route has, or with a broken table', () => {
    const entryOnly = ['/assets/react.js', 'entry /assets/index.js']
    expect(bootAt('/main/dashboard', null)).toEqual(entryOnly)
    document.head.innerHTML = ''
    expect(bootAt('/signup', { role: 'user' })).toEqual(entryOnly)
    document.head.innerHTML = ''
    expect(bootAt('/main/dashboard', { role: 'user' }, '{not json')).toEqual(entryOnly)
  })
})
