import { describe, expect, it } from 'vitest'

// Decision 0042: a page route that shows server data has a `loader` that asks the query client for it, with the
// options its components read it with, so the request starts with the page's code (or on a link's hover) instead of
// after the page has rendered.
//
// "Shows server data", read from the sources:
// - a query hook is an exported `use…` of a feature's api/ file (those call the server through src/lib/http) whose
//   own definition calls useQuery or useInfiniteQuery, one export at a time;
// - a feature module reads server data when it uses a query hook or an export of a module that does, or calls
//   useQuery itself with a function of its feature's api/ (followed to a fixed point, a module at a time: a file that
//   reads any counts for all its exports). A query of the browser's own storage (the registration draft in
//   IndexedDB) is not server data;
// - a page route (a route file with a component that is no layout) shows server data when it calls useQuery or
//   useInfiniteQuery itself or imports such a name from a feature.
// What the whole signed-in app reads before any page (APP_WIDE) does not count: the root and the layouts load it.

const SOURCES = import.meta.glob<string>(['/src/features/**/*.{ts,tsx}', '/src/routes/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Read by the root or a layout for every page, so no page loads it (the names are the hooks'). */
const APP_WIDE: Record<string, string> = {
  useSettings: 'the site settings: the root reads them before the first render (and keeps an offline copy)',
  useLeverageMap: "the site data: _protected's layout prefetches it once per sign-in",
  useUserUpdatedAt:
    "reads the user query's time stamp, never fetches (enabled: false); the guards load the user",
  useDisplayCurrency: 'the user and the site settings, loaded before any signed-in page',
}

/** Pages that show server data without a loader, and why. */
const NO_LOADER: Record<string, string> = {
  '/src/routes/_protected/main/chat.tsx':
    'the conversation is read from IndexedDB and the server together, then kept by pushes; a conversation found in ' +
    'the cache when the page opens is caught up with a second fetch (use-conversation.ts), so a loaded copy would ' +
    'double every open',
  '/src/routes/_protected/admin/chat.tsx':
    'the same conversation as /main/chat, for the customer the admin picks',
  '/src/routes/confirm-email.tsx':
    "the confirmation spends the mailed link's token: it runs once, from the page, never on a link's hover",
}

const exportChunks = (text: string) =>
  text
    .split(/\n(?=export )/)
    .map((chunk) => ({ name: /^export (?:async )?(?:const|function) (\w+)/.exec(chunk)?.[1], chunk }))
    .filter((entry): entry is { name: string; chunk: string } => entry.name !== undefined)

const CALLS_QUERY = /\buse(?:Suspense)?(?:Infinite)?Query\(/

function queryHooks(): Set<string> {
  const hooks = new Set<string>()
  for (const [file, text] of Object.entries(SOURCES)) {
    if (!/^\/src\/features\/[^/]+\/api\//.test(file)) continue
    for (const { name, chunk } of exportChunks(text))
      if (name.startsWith('use') && CALLS_QUERY.test(chunk)) hooks.add(name)
  }
  return hooks
}

const uses = (text: string, name: string) =>
  new RegExp(`(?:\\b${name}\\(|<${name}\\b|\\b${name}\\b,?\\s*[})])`).test(text)

/** Every name a feature exports that reads server data, hooks and components, minus the app-wide ones. */
function dataNames(): Set<string> {
  const names = queryHooks()
  for (const name of Object.keys(APP_WIDE)) names.delete(name)
  const featureFiles = Object.entries(SOURCES).filter(
    ([file]) => file.startsWith('/src/features/') && !/\/api\//.test(file),
  )
  let grew = true
  while (grew) {
    grew = false
    for (const [, text] of featureFiles) {
      const queriesItsApi = CALLS_QUERY.test(text) && /from '\.\.\/api\//.test(text)
      if (!queriesItsApi && ![...names].some((name) => uses(text, name))) continue
      for (const { name } of exportChunks(text)) {
        if (!names.has(name) && !(name in APP_WIDE)) {
          names.add(name)
          grew = true
        }
      }
    }
  }
  return names
}

const routeFiles = Object.entries(SOURCES).filter(
  ([file, text]) =>
    file.startsWith('/src/routes/') &&
    !/\/-[^/]*$/.test(file) &&
    !file.endsWith('__root.tsx') &&
    text.includes('createFileRoute('),
)

/** A layout: route.tsx, or a file whose name is also a folder beside it (_protected.tsx and _protected/). */
const isLayout = (file: string) =>
  file.endsWith('/route.tsx') ||
  routeFiles.some(([other]) => other.startsWith(`${file.replace(/\.tsx$/, '')}/`))

/** The names a route imports from src/features. */
const featureImports = (text: string) =>
  [...text.matchAll(/import \{([^}]*)\} from '[./]*\/features\/[^']+'/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  )

describe('pages that show server data load it (decision 0042)', () => {
  const names = dataNames()
  const pages = routeFiles.filter(([file, text]) => !isLayout(file) && /\bcomponent:/.test(text))

  it('finds the query hooks and the pages (the reading itself works)', () => {
    expect(names).toContain('useTransactions')
    expect(names).toContain('RecentTransactions')
    expect(names).toContain('TransactionsList')
    expect(pages.map(([file]) => file)).toContain('/src/routes/_protected/main/dashboard.tsx')
    expect(pages.map(([file]) => file)).not.toContain('/src/routes/_protected.tsx')
  })

  it('gives every page that shows server data a loader, or a reason in NO_LOADER', () => {
    const missing = pages
      .filter(([file, text]) => {
        const showsData = CALLS_QUERY.test(text) || featureImports(text).some((name) => names.has(name))
        return showsData && !/\bloader:/.test(text) && !(file in NO_LOADER)
      })
      .map(([file]) => file)
    expect(
      missing,
      'add a loader: ({ context }) => loadPageData(context.queryClient, [...]) (routes/-page-data.ts)',
    ).toEqual([])
  })

  it('keeps NO_LOADER to pages that exist, show server data and have no loader', () => {
    for (const file of Object.keys(NO_LOADER)) {
      const text = SOURCES[file]
      expect(text, `${file} is gone: drop it from NO_LOADER`).toBeDefined()
      expect(/\bloader:/.test(text!), `${file} has a loader now: drop it from NO_LOADER`).toBe(false)
      const showsData = CALLS_QUERY.test(text!) || featureImports(text!).some((name) => names.has(name))
      expect(showsData, `${file} shows no server data by this test's reading: drop it from NO_LOADER`).toBe(
        true,
      )
    }
  })

  it('loads with the query options the features export, so a hook and its loader share one definition', () => {
    for (const [file, text] of pages) {
      if (!/\bloader:/.test(text)) continue
      const loader = text.slice(text.indexOf('loader:'), text.indexOf('component:'))
      if (!loader.includes('loadPageData')) continue
      expect(loader, `${file}: ask with a feature's get…QueryOptions`).toMatch(/get\w+QueryOptions\(/)
    }
  })
})
