import { defineConfig, devices } from '@playwright/test'

// Debian's Chromium: Playwright's own browser download cannot work on machines that reach only the npm registry and
// Debian's packages (scripts/ensure-chromium.sh installs both binaries below).
/** The full browser: the benches, and the e2e tests that need the system's notifications (tagged below). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * Chromium's old headless shell, the same engine without the browser's UI, GPU process and platform services: the
 * e2e suite used about a fifth less CPU on it than on the full browser (712 -> 558 CPU s, docs/decisions/0044), and
 * the suite is bound by CPU.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'
/**
 * The tag of the tests that need the full browser: the headless shell reports `Notification.permission` as
 * 'denied' whatever the context grants, so the push tests would see a blocked site there.
 */
export const FULL_BROWSER_TAG = '@full-browser'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Each worker starts its own server and database (tests/e2e/support/fixtures.ts); two cores, two workers.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A budget per test, not a speed check (benchmarks live in tests/bench): the multi-tab and two-context tests take
  // 40-70 s on a slow 2-core VM (session 6's ran Node ~3x slower than session 4's), close to a 60 s budget.
  timeout: 120_000,
  // Also a budget: a page's first load (its chunks, the hub's sockets, the first queries) on a loaded 2-core CI
  // machine has taken longer than 15 s.
  expect: { timeout: 25_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps its trace: the actions, their DOM snapshots and the network. Without the screencast: its
    // frames cost about a quarter of the suite's CPU (a spec of seven tests, 88 -> 71 CPU seconds, measured), since
    // every page ticks; `screenshot` below keeps a picture of the failure. CI records none: it keeps only its log,
    // so a trace there is CPU spent on a file nobody can open (the suite is CPU-bound: 5-7 % of its CPU and wall
    // time, docs/decisions/0044). Run a failing test again locally to get its trace.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // A new context installs the service worker, which precaches the whole app (about 210 files): 2.5-3 s of CPU
    // per context on these machines, paid by every test for nothing it checks. The specs about the worker (offline,
    // offline-workspace, pwa-update, chat's offline history) allow it; a customer installs it once.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // Every test runs at desktop size; those tagged @mobile run again 390 px wide (the spec's phones, < 768 px). The
  // tests tagged FULL_BROWSER_TAG run in the full browser instead of the headless shell.
  projects: [
    { name: 'desktop', grepInvert: new RegExp(FULL_BROWSER_TAG) },
    {
      name: 'mobile',
      grep: /@mobile/,
      grepInvert: new RegExp(FULL_BROWSER_TAG),
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'full-browser',
      grep: new RegExp(FULL_BROWSER_TAG),
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
    },
  ],
})
