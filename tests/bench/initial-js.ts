// Figures, not a test: the JavaScript a first visit to the login route downloads, gzip-compressed as a CDN would
// serve it, and the time to a usable login page. Run after `npm run build`: `npm run bench:initial-js`.
import { chromium } from '@playwright/test'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { startServer } from '../e2e/support/server'

const DIST = new URL('../../dist/', import.meta.url).pathname
const RESULTS = new URL('./results/', import.meta.url).pathname

const server = await startServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  const page = await browser.newPage()
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname)
  })
  // A returning visitor (settings cached) sees the login page without the 3 s splash: time that.
  await page.goto(server.url)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  await page.reload()
  const startedMs = Date.now()
  await page.goto(server.url)
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
  const loginVisibleMs = Date.now() - startedMs
  // The entry and what index.html preloads block the first paint; the rest is fetched as the router and React ask.
  const html = readFileSync(`${DIST}index.html`, 'utf8')
  const blocking = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  )

  const rows = [...scripts].map((path) => {
    const bytes = readFileSync(`${DIST}${path.slice(1)}`)
    return { file: path, rawKb: bytes.length / 1024, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 }
  })
  rows.sort((a, b) => b.gzipKb - a.gzipKb)
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.rawKb, gzip: sum.gzip + row.gzipKb }), {
    raw: 0,
    gzip: 0,
  })
  console.table(
    rows.map((row) => ({ file: row.file, 'raw KB': row.rawKb.toFixed(1), 'gzip KB': row.gzipKb.toFixed(1) })),
  )
  console.log(
    `login route initial JS: ${total.gzip.toFixed(1)} KB gzip (${total.raw.toFixed(1)} KB raw) in ${rows.length} files`,
  )
  const blockingGzipKb = rows
    .filter((row) => blocking.has(row.file))
    .reduce((sum, row) => sum + row.gzipKb, 0)
  console.log(`of which index.html loads before the first render: ${blockingGzipKb.toFixed(1)} KB gzip`)
  console.log(`login page visible (warm cache, local server): ${loginVisibleMs} ms`)
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(
    `${RESULTS}initial-js.json`,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        totalGzipKb: total.gzip,
        totalRawKb: total.raw,
        blockingGzipKb,
        loginVisibleMs,
        rows,
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
  await server.dispose()
}
