// public/boot.js on a signed-in visit: beside the entry it asks for the scripts of the route the address opens, from
// the table the build writes in its tag's data-routes (scripts/route-chunks.ts, signedInPreloads).
import { afterEach, describe, expect, it } from 'vitest'
import BOOT from '../../../public/boot.js?raw'

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

/** Runs boot.js at `path` as a hidden tab (which starts at once) and returns what it asked for, in order. */
function bootAt(path: string, session: { role: string } | null, routes: unknown = ROUTES) {
  window.history.replaceState(null, '', path)
  localStorage.clear()
  if (session) {
    localStorage.setItem(
      'user-storage',
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
  return [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map(
    (element) =>
      element instanceof HTMLLinkElement
        ? element.getAttribute('href')
        : `entry ${element.getAttribute('src')}`,
  )
}

afterEach(() => {
  document.head.innerHTML = ''
  localStorage.clear()
})

describe('boot.js asks for a signed-in route’s scripts beside the entry', () => {
  it('adds the shared, layout and page scripts of the address before the entry', () => {
    expect(bootAt('/main/deposit/btc', { role: 'user' })).toEqual([
      '/assets/react.js',
      '/assets/protected.js',
      '/assets/main.js',
      '/assets/deposit.js',
      '/assets/crypto.js',
      'entry /assets/index.js',
    ])
    document.head.innerHTML = ''
    expect(bootAt('/mt4', { role: 'user' })).toEqual([
      '/assets/react.js',
      '/assets/protected.js',
      '/assets/mt4.js',
      'entry /assets/index.js',
    ])
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
