import { describe, expect, it } from 'vitest'
import {
  SPLIT,
  layoutsAbove,
  pageName,
  pageScripts,
  signedInPages,
  sharedChunkGroups,
  signedInPreloads,
  staticClosure,
  type Manifest,
} from '../../../scripts/route-chunks'

// A manifest shaped like the build's: the entry, two layouts, a nested layout, pages, and shared chunks.
const split = (path: string) => `src/routes/${path}${SPLIT}`
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_forms.js': { file: 'assets/forms.js', imports: ['_react.js'] },
  '_chart.js': { file: 'assets/chart.js' },
  [split('index.tsx')]: { file: 'assets/login.js', imports: ['_forms.js'] },
  [split('_protected.tsx')]: { file: 'assets/protected.js' },
  [split('_protected/main/route.tsx')]: { file: 'assets/main.js' },
  [split('_protected/main/dashboard.tsx')]: { file: 'assets/dashboard.js' },
  [split('_protected/main/deposit/route.tsx')]: { file: 'assets/deposit.js', imports: ['_forms.js'] },
  [split('_protected/main/deposit/card.tsx')]: { file: 'assets/card.js' },
  [split('_protected/mt4/index.tsx')]: { file: 'assets/mt4.js', dynamicImports: ['_chart.js'] },
}

describe('the signed-in routes budget reads the chunk graph', () => {
  it('follows static imports once each', () => {
    expect([...staticClosure(manifest, [split('_protected/main/deposit/route.tsx')])].sort()).toEqual([
      '_forms.js',
      '_react.js',
      split('_protected/main/deposit/route.tsx'),
    ])
  })

  it('lists the pages behind the sign-in, not their layouts nor the signed-out pages', () => {
    expect(signedInPages(manifest).map(pageName)).toEqual(['/main/dashboard', '/main/deposit/card', '/mt4'])
  })

  it('finds every layout above a page, outermost first', () => {
    expect(layoutsAbove(manifest, split('_protected/main/deposit/card.tsx'))).toEqual([
      split('_protected.tsx'),
      split('_protected/main/route.tsx'),
      split('_protected/main/deposit/route.tsx'),
    ])
  })

  it("counts the entry, the layouts and the page with their static imports, never a page's import()", () => {
    expect(pageScripts(manifest, split('_protected/main/deposit/card.tsx')).sort()).toEqual([
      'assets/card.js',
      'assets/deposit.js',
      'assets/forms.js',
      'assets/index.js',
      'assets/main.js',
      'assets/protected.js',
      'assets/react.js',
    ])
    expect(pageScripts(manifest, split('_protected/mt4/index.tsx'))).not.toContain('assets/chart.js')
  })

  it("lists each signed-in route's scripts for boot.js once, beyond the entry's and its layouts'", () => {
    expect(signedInPreloads(manifest)).toEqual({
      shared: ['protected.js'],
      layouts: { '/main': ['main.js'], '/main/deposit': ['deposit.js', 'forms.js'] },
      pages: { '/main/dashboard': ['dashboard.js'], '/main/deposit/card': ['card.js'], '/mt4': ['mt4.js'] },
    })
  })
})

describe('shared chunks that the same pages load join into one file', () => {
  // The login page and two signed-in pages. `_session` and `_shell` are loaded by both signed-in pages through their
  // layout and by nothing else; `_ticket` and `_ticket-rows` by /mt4 alone, through its page; `_fields` by the
  // login page and the deposit page; `_dialog` only by a lazy import.
  const graph: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react.js' },
    [split('index.tsx')]: { file: 'assets/login.js', imports: ['_fields.js'] },
    '_fields.js': { file: 'assets/fields.js', imports: ['_react.js'] },
    [split('_protected.tsx')]: { file: 'assets/protected.js', imports: ['_session.js', '_shell.js'] },
    '_session.js': { file: 'assets/session.js' },
    '_shell.js': { file: 'assets/shell.js', imports: ['_session.js'] },
    [split('_protected/main/deposit.tsx')]: { file: 'assets/deposit.js', imports: ['_fields.js'] },
    [split('_protected/mt4/index.tsx')]: {
      file: 'assets/mt4.js',
      imports: ['_ticket.js', '_ticket-rows.js'],
      dynamicImports: ['_dialog.js'],
    },
    '_ticket.js': { file: 'assets/ticket.js' },
    '_ticket-rows.js': { file: 'assets/ticket-rows.js' },
    '_dialog.js': { file: 'assets/dialog.js', imports: ['_ticket.js'] },
  }

  it("joins the chunks of one set of pages, each set apart, and leaves the entry's, a lone chunk and a lazy one", () => {
    const groups = sharedChunkGroups(graph)
    expect(groups.get('_session.js')).toBeDefined()
    expect(groups.get('_shell.js')).toBe(groups.get('_session.js'))
    expect(groups.get('_ticket.js')).toBeDefined()
    expect(groups.get('_ticket-rows.js')).toBe(groups.get('_ticket.js'))
    expect(groups.get('_ticket.js')).not.toBe(groups.get('_session.js'))
    expect([...groups.keys()].sort()).toEqual(['_session.js', '_shell.js', '_ticket-rows.js', '_ticket.js'])
  })

  it('leaves a set apart when a chunk outside it imports one member and is imported by another', () => {
    // A module that is also a lazy import of its own is a chunk of its own, which no group takes.
    const cycle: Manifest = {
      ...graph,
      '_shell.js': { file: 'assets/shell.js', imports: ['src/lib/lazy-panel.ts'] },
      'src/lib/lazy-panel.ts': { file: 'assets/lazy-panel.js', imports: ['_session.js'] },
    }
    const groups = sharedChunkGroups(cycle)
    expect(groups.has('_shell.js')).toBe(false)
    expect(groups.has('_session.js')).toBe(false)
    expect(groups.get('_ticket-rows.js')).toBe(groups.get('_ticket.js'))
  })
})
