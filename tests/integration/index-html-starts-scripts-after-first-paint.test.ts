// The build's index.html transform (a pure function of the HTML; here because it lives with the build scripts).
import { describe, expect, it } from 'vitest'
import { scriptsAfterFirstPaint } from '../../scripts/vite-scripts-after-first-paint'

// index.html's head as Vite writes it at build.
const BUILT = `<head>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-X1.js">
    <link rel="modulepreload" crossorigin href="/assets/router-Y2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Z3.css">
  </head>`

describe('index.html requests its scripts after the first paint (decision 0028)', () => {
  it('hands the entry and its preloads to boot.js and keeps the stylesheet and the theme script', () => {
    const html = scriptsAfterFirstPaint(BUILT)
    expect(html).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-AbC123.js" data-preload="/assets/react-X1.js /assets/router-Y2.js"></script>',
    )
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('type="module"')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Z3.css">')
    expect(html).toContain('<script src="/theme-init.js"></script>')
  })

  it("writes the signed-in routes' scripts into boot.js's tag as JSON that the attribute carries whole", () => {
    const routes = {
      shared: ['protected-A1.js'],
      layouts: { '/main': ['main-B2.js'] },
      pages: { '/main/deposit/$crypto': ['crypto-C3.js'], "/it's&more": ['quote-D4.js'] },
    }
    const html = scriptsAfterFirstPaint(BUILT, routes)
    const attribute = /data-routes='([^']*)'><\/script>/.exec(html)?.[1]
    const decoded = attribute!.replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    expect(JSON.parse(decoded)).toEqual(routes)
  })

  it('refuses a page without a module entry rather than ship one that never starts', () => {
    expect(() => scriptsAfterFirstPaint('<head></head>')).toThrow(/no module entry/)
  })
})
