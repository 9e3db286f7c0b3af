// Figures, not a test: the JavaScript a first visit to the login route downloads, gzip-compressed as a CDN would
// serve it, and the time to a usable login page; that the login page fetches nothing of the trading workspace; and
// the JavaScript of the /mt4 workspace, split into what loads before its first price and what loads lazily after.
// Run after `npm run build`: `npm run bench:initial-js` (BENCH_CLIENT_DIR=<dir> measures another build).
import { chromium, type Request } from '@playwright/test'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { CLIENT_DIR, startBenchServer } from './support/server'
import { addFirstPriceMarks, signedInStorage, waitForFirstPrice } from './support/workspace'

const RESULTS = new URL('./results/', import.meta.url).pathname
/** Text only the trading workspace's code holds (its test ids, copy, chart calls, the trades API). */
// '/trades' as a string of its own (an API path), not inside a chunk's file name ('assets/trades-x.js').
const TRADING_MARKERS = ['watch-row-', 'summary-equity', 'Market Watch', 'createChart', /["'`]\/trades\b/]
const TRADING_FILE = /^(mt4|lightweight-charts)[.-]/

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const isAssetScript = (url: string) => {
  const path = new URL(url).pathname
  return path.startsWith('/assets/') && path.endsWith('.js') ? path : null
}

// Every built script: sizes, and how the others reference it (import ... from, import(), new URL for a worker).
const ASSETS = `${CLIENT_DIR}/assets/`
const files = new Map(
  readdirSync(ASSETS)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const bytes = readFileSync(`${ASSETS}${name}`)
      const text = bytes.toString('utf8')
      const refs = (pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!)
      return [
        `/assets/${name}` as string,
        {
          rawKb: bytes.length / 1024,
          gzipKb: gzipSync(bytes, { level: 9 }).length / 1024,
          staticImports: refs(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g),
          dynamicImports: refs(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g),
          workers: refs(/new URL\(\s*["'`]\/assets\/([\w.-]+\.js)["'`]/g),
          trading:
            TRADING_FILE.test(name) ||
            TRADING_MARKERS.some((marker) =>
              typeof marker === 'string' ? text.includes(marker) : marker.test(text),
            ),
        },
      ] as const
    }),
)
const sizeOf = (path: string) => files.get(path) ?? { rawKb: NaN, gzipKb: NaN }
const sum = (paths: Iterable<string>) =>
  [...paths].reduce(
    (total, path) => ({ raw: total.raw + sizeOf(path).rawKb, gzip: total.gzip + sizeOf(path).gzipKb }),
    { raw: 0, gzip: 0 },
  )
const kb = (value: number) => value.toFixed(1)

// The entry and what index.html preloads come before React's first render; the rest is fetched as the router and
// React ask. The build names them in boot.js's tag (decision 0028: requested after the first paint); Vite's own
// tags (a dev-like build without that plugin) name them as src and href.
const html = readFileSync(`${CLIENT_DIR}/index.html`, 'utf8')
const bootTag = /<script[^>]+data-entry="([^"]+)"[^>]*data-preload="([^"]*)"/.exec(html)
const blocking = new Set(
  bootTag
    ? [bootTag[1]!, ...bootTag[2]!.split(' ').filter(Boolean)]
    : [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
)
const entry = bootTag?.[1] ?? /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]

/** How a script of `loaded` came to be fetched. */
function howLoaded(path: string, loaded: ReadonlySet<string>): string {
  if (blocking.has(path)) return 'index.html'
  const name = path.slice('/assets/'.length)
  const importers = (pick: 'staticImports' | 'dynamicImports' | 'workers') =>
    [...loaded].filter((other) => (files.get(other)?.[pick] as readonly string[] | undefined)?.includes(name))
  if (importers('staticImports').length > 0) return 'static import'
  const dynamic = importers('dynamicImports')
  // The entry holds the route tree (code-split routes) and the service worker registration.
  if (entry && dynamic.includes(entry)) return 'import() in entry'
  if (dynamic.length > 0) return `import() in ${dynamic.map((other) => other.slice(8)).join(', ')}`
  if (importers('workers').length > 0) return 'worker'
  return '?'
}

const server = await startBenchServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  // 1. The login route, a first visit, as a person gets it (service worker allowed).
  const loginContext = await browser.newContext()
  const page = await loginContext.newPage()
  const scripts = new Set<string>()
  const precached = new Set<string>()
  page.on('response', (response) => {
    const path = isAssetScript(response.url())
    if (path) scripts.add(path)
  })
  loginContext.on('request', (request) => {
    const path = isAssetScript(request.url())
    if (path && request.serviceWorker()) precached.add(path)
  })
  // A returning visitor (settings cached) sees the login page without the 3 s splash: time that.
  await page.goto(server.url)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.reload()
  const startedMs = Date.now()
  await page.goto(server.url)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  const loginVisibleMs = Date.now() - startedMs
  // Let the service worker finish its precache, so the check below sees what it fetched.
  await page.evaluate(() => navigator.serviceWorker?.ready.then(() => true))
  await sleep(1_000)
  await loginContext.close()

  const rows = [...scripts].map((path) => ({ file: path, ...sizeOf(path) }))
  rows.sort((a, b) => b.gzipKb - a.gzipKb)
  const total = sum(scripts)
  console.table(rows.map((row) => ({ file: row.file, 'raw KB': kb(row.rawKb), 'gzip KB': kb(row.gzipKb) })))
  console.log(
    `login route initial JS: ${kb(total.gzip)} KB gzip (${kb(total.raw)} KB raw) in ${rows.length} files`,
  )
  const blockingGzipKb = sum([...scripts].filter((path) => blocking.has(path))).gzip
  console.log(
    `of which index.html asks for before the first render (after the first paint): ${kb(blockingGzipKb)} KB gzip`,
  )
  console.log(`login page visible (warm cache, local server): ${loginVisibleMs} ms`)

  // 2. The login page fetches nothing of the workspace; the service worker precaches it afterwards (offline use).
  const tradingOnLogin = [...scripts].filter((path) => files.get(path)?.trading)
  const tradingPrecached = [...precached].filter((path) => files.get(path)?.trading)
  console.log(
    tradingOnLogin.length === 0
      ? 'login page downloads no /mt4 or trading chunk: confirmed'
      : `login page downloads trading code: ${tradingOnLogin.join(', ')}`,
  )
  console.log(
    `service worker precache (in the background, after the page loaded): ${precached.size} scripts, ` +
      `${kb(sum(precached).gzip)} KB gzip, trading code among them: ${tradingPrecached.map((path) => path.slice(8)).join(', ') || 'none'}`,
  )

  // 3. /mt4 signed in: a returning visitor (session and settings in localStorage) with an empty HTTP cache and no
  // service worker, so every script is the page's own network request.
  const mt4Context = await browser.newContext({
    storageState: await signedInStorage(server.url, { settingsCached: true }),
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 1000 },
  })
  await addFirstPriceMarks(mt4Context)
  const requested = new Map<string, { request: Request; seenAtMs: number }>()
  mt4Context.on('request', (request) => {
    const path = isAssetScript(request.url())
    if (path && !requested.has(path)) requested.set(path, { request, seenAtMs: Date.now() })
  })
  const mt4Page = await mt4Context.newPage()
  await mt4Page.goto(`${server.url}/mt4`)
  const marks = await waitForFirstPrice(mt4Page)
  // The chart and anything else lazy: give them time to arrive.
  await mt4Page
    .getByRole('img')
    .or(mt4Page.locator('canvas'))
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {})
  await sleep(2_000)
  const timeOrigin = await mt4Page.evaluate(() => performance.timeOrigin)
  await mt4Context.close()

  const loaded = new Set(requested.keys())
  const mt4Rows = [...requested].map(([path, { request, seenAtMs }]) => {
    // A worker's script request has no timing in Playwright: when the request event arrived stands in.
    const timing = request.timing().startTime
    const startMs = (timing > 0 ? timing : seenAtMs) - timeOrigin
    return {
      file: path,
      ...sizeOf(path),
      requestedAtMs: startMs,
      how: howLoaded(path, loaded),
      // Before the workspace's first render: what the route needs at all; after it: what its components fetch.
      beforeWorkspace: marks.workspace === null || startMs < marks.workspace,
      beforeFirstPrice: marks.buyPrice === null || startMs < marks.buyPrice,
      alsoOnLogin: scripts.has(path),
    }
  })
  mt4Rows.sort((a, b) => a.requestedAtMs - b.requestedAtMs)
  console.table(
    mt4Rows.map((row) => ({
      file: row.file.slice(8),
      'gzip KB': kb(row.gzipKb),
      'requested at ms': row.requestedAtMs.toFixed(0),
      how: row.how,
      phase: row.beforeWorkspace ? 'before the workspace renders' : 'after (lazy)',
    })),
  )
  const mt4Total = sum(loaded)
  const before = mt4Rows.filter((row) => row.beforeWorkspace)
  const after = mt4Rows.filter((row) => !row.beforeWorkspace)
  const beforeIndexHtml = before.filter((row) => row.how === 'index.html')
  const mt4Only = mt4Rows.filter((row) => !row.alsoOnLogin)
  const chart = mt4Rows.find((row) => row.file.includes('lightweight-charts'))
  const mt4 = {
    totalGzipKb: mt4Total.gzip,
    totalRawKb: mt4Total.raw,
    files: mt4Rows.length,
    indexHtmlGzipKb: sum(beforeIndexHtml.map((row) => row.file)).gzip,
    beforeWorkspaceGzipKb: sum(before.map((row) => row.file)).gzip,
    afterWorkspaceGzipKb: sum(after.map((row) => row.file)).gzip,
    notOnLoginGzipKb: sum(mt4Only.map((row) => row.file)).gzip,
    chart: chart
      ? {
          file: chart.file,
          gzipKb: chart.gzipKb,
          how: chart.how,
          requestedAtMs: chart.requestedAtMs,
          beforeWorkspace: chart.beforeWorkspace,
        }
      : null,
    marks,
    rows: mt4Rows,
  }
  console.log(
    `/mt4 JS (signed in, cold HTTP cache): ${kb(mt4.totalGzipKb)} KB gzip (${kb(mt4.totalRawKb)} KB raw) in ` +
      `${mt4.files} files; ${kb(mt4.notOnLoginGzipKb)} KB gzip of it the login page does not load`,
  )
  console.log(
    `  before the workspace renders (${marks.workspace?.toFixed(0) ?? '-'} ms): ${kb(mt4.beforeWorkspaceGzipKb)} KB ` +
      `gzip (index.html: ${kb(mt4.indexHtmlGzipKb)} KB); after it, lazily: ${kb(mt4.afterWorkspaceGzipKb)} KB gzip; ` +
      `first price at ${marks.buyPrice?.toFixed(0) ?? '-'} ms`,
  )
  console.log(
    chart
      ? `  lightweight-charts: ${kb(chart.gzipKb)} KB gzip, ${chart.how}, ` +
          `requested at ${chart.requestedAtMs.toFixed(0)} ms, ` +
          `${chart.beforeWorkspace ? 'before the workspace rendered' : 'after the workspace rendered'}`
      : '  lightweight-charts: not loaded',
  )

  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(
    `${RESULTS}initial-js.json`,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        clientDir: CLIENT_DIR,
        totalGzipKb: total.gzip,
        totalRawKb: total.raw,
        blockingGzipKb,
        loginVisibleMs,
        rows,
        loginTradingFiles: tradingOnLogin,
        serviceWorkerPrecache: {
          scripts: precached.size,
          gzipKb: sum(precached).gzip,
          tradingFiles: tradingPrecached,
        },
        mt4,
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await server.dispose()
}
