// Figures, not a test: how busy a signed-in page keeps the main thread at rest on a phone. /mt4 and the dashboard at
// 390 x 844 (touch, as a phone), with the server's default feed (20 ticks/s over every market, whatever the hour),
// each without and with Chromium's 4x CPU slow-down (Lighthouse's mobile preset). After the page has loaded and
// SETTLE_SECONDS have passed, the tab's main thread is sampled over WINDOW_SECONDS with CDP's Performance.getMetrics:
// busy is TaskDuration over wall time (what the thread could not give to input), CPU is ThreadTime (what it burnt).
// At 4x, Chromium stretches each task four times, so busy at 4x is what a phone four times slower would show.
// Run after `npm run build`: `npm run bench:main-thread`; knobs: MAIN_THREAD_PAGES (/mt4,/main/dashboard),
// MAIN_THREAD_RATES (1,4), SETTLE_SECONDS (10), WINDOW_SECONDS (30), RUNS (3: the cell reports their median and
// range), BENCH_CLIENT_DIR as for the other benches.
import type { Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { CLIENT_DIR, startBenchServer } from './support/server'
import { signedInPhone } from './support/workspace'

const RESULTS = new URL('./results/', import.meta.url).pathname
const PAGES = (process.env.MAIN_THREAD_PAGES ?? '/mt4,/main/dashboard').split(',')
const RATES = (process.env.MAIN_THREAD_RATES ?? '1,4').split(',').map(Number)
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 10)
const WINDOW_SECONDS = Number(process.env.WINDOW_SECONDS ?? 30)
const RUNS = Number(process.env.RUNS ?? 3)
/** The target: /mt4 at rest, default feed, 4x slow-down. */
const TARGET = { page: '/mt4', rate: 4, busyPercent: 3 }

/** What each page shows once it is ready to use: the wait before the settle time starts. */
const READY: Record<string, (page: Page) => Promise<void>> = {
  '/mt4': (page) => page.getByTestId('active-asset').waitFor({ timeout: 60_000 }),
  '/main/dashboard': (page) =>
    page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 60_000 }),
}

interface Sample {
  busyPercent: number
  cpuPercent: number
  scriptPercent: number
}

async function sample(baseUrl: string, path: string, rate: number): Promise<Sample> {
  const { browser, context } = await signedInPhone(baseUrl)
  try {
    const page = await context.newPage()
    const session = await context.newCDPSession(page)
    await session.send('Performance.enable')
    if (rate > 1) await session.send('Emulation.setCPUThrottlingRate', { rate })
    await page.goto(`${baseUrl}${path}`)
    await (READY[path] ?? ((tab: Page) => tab.waitForLoadState('load')))(page)
    await page.waitForTimeout(SETTLE_SECONDS * 1000)
    const metrics = async () => {
      const { metrics } = await session.send('Performance.getMetrics')
      const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN
      return {
        task: value('TaskDuration'),
        thread: value('ThreadTime'),
        script: value('ScriptDuration'),
        at: value('Timestamp'),
      }
    }
    const before = await metrics()
    await page.waitForTimeout(WINDOW_SECONDS * 1000)
    const after = await metrics()
    const seconds = after.at - before.at
    const share = (key: 'task' | 'thread' | 'script') => (100 * (after[key] - before[key])) / seconds
    return { busyPercent: share('task'), cpuPercent: share('thread'), scriptPercent: share('script') }
  } finally {
    await browser.close()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`

// The server's own default feed: 20 ticks a second (server/realtime/config.ts), every market open.
const server = await startBenchServer({ PRICE_TICKS_PER_SECOND: '20' })
const rows: Record<string, string | number>[] = []
try {
  console.log(
    `${cpus().length} x ${cpus()[0]?.model}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  for (const path of PAGES) {
    for (const rate of RATES) {
      const samples: Sample[] = []
      for (let run = 0; run < RUNS; run += 1) samples.push(await sample(server.url, path, rate))
      const busy = samples.map((item) => item.busyPercent)
      const cpu = samples.map((item) => item.cpuPercent)
      const script = samples.map((item) => item.scriptPercent)
      const row = {
        page: path,
        'CPU slow-down': `${rate}x`,
        'busy % (median)': Number(median(busy).toFixed(2)),
        'busy % (runs)': range(busy),
        'main-thread CPU %': Number(median(cpu).toFixed(2)),
        'script %': Number(median(script).toFixed(2)),
      }
      rows.push(row)
      console.log(JSON.stringify(row))
    }
  }
  console.table(rows)
  const target = rows.find((row) => row.page === TARGET.page && row['CPU slow-down'] === `${TARGET.rate}x`)
  if (target) {
    const busy = target['busy % (median)'] as number
    console.log(
      `target: ${TARGET.page} at rest, ${TARGET.rate}x, busy <= ${TARGET.busyPercent} %: ${busy} % ` +
        (busy <= TARGET.busyPercent ? 'met' : 'NOT met'),
    )
  }
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(
    `${RESULTS}main-thread.json`,
    JSON.stringify({ date: new Date().toISOString(), clientDir: CLIENT_DIR, rows }, null, 2),
  )
} finally {
  await server.dispose()
}
