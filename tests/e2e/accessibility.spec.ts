// Decision 0041: axe-core in a real browser on every route of the app, signed out, as a customer and as an admin, at
// 1280 px and (the @mobile project) at 390 px, with the workspace's and the back office's main dialogs open. The unit
// tests run axe in jsdom, which has no layout: colour contrast, a region that scrolls, a target hidden under another
// are only seen here. A 'serious' or 'critical' violation fails the test; each is printed with its rule, its target
// and the route. One page per role: the routes are visited one after another, so the spec stays cheap.
import { createRequire } from 'node:module'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { activeCustomer, adjustBalance, openPosition } from './support/api'
import { test, expect, signedInContext } from './support/fixtures'
import { apiLogin, DEMO_ADMIN } from './support/server'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Finding {
  route: string
  rule: string
  impact: string
  target: string
  summary: string
}

interface AxeResult {
  violations: {
    id: string
    impact: string | null
    help: string
    nodes: { target: unknown[]; failureSummary?: string }[]
  }[]
}

/** Every page of the context carries axe from its first script on (an init script, so the page's CSP allows it). */
async function withAxe(context: BrowserContext) {
  await context.addInitScript({ path: AXE_PATH })
}

/** Runs axe on the whole document as it is now and returns its serious and critical violations. */
async function audit(page: Page, route: string): Promise<Finding[]> {
  const result = await page.evaluate(async () => {
    // A control that was just enabled fades in (the recipes' transitions): its colours are read once it is there.
    const settling = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined))
    await Promise.race([Promise.all(settling), new Promise((resolve) => setTimeout(resolve, 2_000))])
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe
    return (await axe.run(document, { resultTypes: ['violations'] })) as AxeResult
  })
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        route,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? violation.help).split('\n').slice(0, 2).join(' '),
      })),
    )
}

interface Visit {
  path: string
  /** What shows when the page is there; its first level-one heading unless said. */
  ready?: (page: Page) => Locator
}

/**
 * Opens each route and audits it. The first is loaded; the rest are client-side navigations (a history push, which
 * the router follows as it does a link's), so the app is not downloaded and started again for every route. The
 * headings on screen are marked first, so the wait is for the new page's heading, not the old one's.
 */
async function visitAll(page: Page, baseUrl: string, visits: Visit[], findings: Finding[]) {
  for (const visit of visits) {
    const pushed = page.url().startsWith(baseUrl)
    if (!pushed) {
      await page.goto(`${baseUrl}${visit.path}`)
    } else {
      await page.evaluate((path) => {
        for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-axe-seen', '')
        const state = (history.state ?? {}) as { __TSR_index?: number }
        history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1 }, '', path)
      }, visit.path)
    }
    const ready = visit.ready
      ? visit.ready(page)
      : page.getByRole('heading', { level: 1 }).and(page.locator(':not([data-axe-seen])')).first()
    // Should the router not have followed a push (a busy machine), the page is loaded instead.
    if (
      pushed &&
      !(await ready.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      console.log(`axe: ${visit.path} did not show after the push; loading it`)
      await page.goto(`${baseUrl}${visit.path}`)
    }
    await expect(ready, visit.path).toBeVisible()
    findings.push(...(await audit(page, visit.path)))
  }
}

/** Opens a dialog, waits for it, audits the page with it open, and closes it with Escape. */
async function withDialog(
  page: Page,
  route: string,
  open: () => Promise<void>,
  name: string | RegExp,
  findings: Finding[],
) {
  await open()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  findings.push(...(await audit(page, `${route} [dialog: ${String(name)}]`)))
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

function report(findings: Finding[]) {
  const lines = findings.map(
    (finding) =>
      `${finding.impact} ${finding.rule} on ${finding.route}: ${finding.target} (${finding.summary})`,
  )
  if (lines.length > 0) console.log(`axe: ${lines.length} serious or critical\n${lines.join('\n')}`)
  expect(lines, 'serious or critical axe violations').toEqual([])
}

const SIGNED_OUT: Visit[] = [
  { path: '/' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/forgot-password' },
  { path: '/auto-login' },
  { path: '/reset-password' },
  { path: '/confirm-email' },
  // The legal pages are one route: another page between two of them, so the heading is a new one.
  { path: '/legal/terms' },
  { path: '/help' },
  { path: '/legal/privacy' },
  { path: '/no/such/page' },
  { path: '/legal/risk-disclosure' },
]

// A deposit page keeps its layout's heading when the next is another deposit page, so they alternate with others.
const CUSTOMER: Visit[] = [
  { path: '/main/dashboard' },
  { path: '/main/deposit/bitcoin' },
  { path: '/main/personal' },
  { path: '/main/deposit/tether' },
  { path: '/main/accounts' },
  { path: '/main/deposit/tether/trc20' },
  { path: '/main/transactions' },
  { path: '/main/deposit/card' },
  { path: '/main/transactions/statement' },
  { path: '/main/deposit/wire' },
  { path: '/main/withdrawal' },
  { path: '/main/deposit/history' },
  { path: '/main/verification' },
  { path: '/main/deposit/qr-code?coin=bitcoin' },
  { path: '/main/marketplace' },
  { path: '/main/deposit/wire-confirmation' },
  { path: '/main/savings' },
  { path: '/main/chat' },
  // Its Security part loads after the page's start (decision 0043, eleventh pass): axe waits for its last list.
  { path: '/main/settings', ready: (page) => page.getByRole('list', { name: 'Sign-in attempts' }) },
  { path: '/main/test' },
]

test('signed-out pages have no serious or critical axe violations @mobile', async ({
  page,
  context,
  sharedServer,
}) => {
  await withAxe(context)
  const findings: Finding[] = []
  await visitAll(page, sharedServer.url, SIGNED_OUT, findings)
  report(findings)
})

test("a customer's pages and the workspace's dialogs have no serious or critical axe violations @mobile", async ({
  sharedServer,
  newContext,
}) => {
  test.slow()
  const customer = await activeCustomer(sharedServer.url, 'axe')
  await adjustBalance(sharedServer.url, customer.id, '20000.00')
  const position = await openPosition(
    sharedServer.url,
    await apiLogin(sharedServer.url, customer),
    'BTCUSD',
    'buy',
    0.01,
  )
  const context = await signedInContext(newContext, sharedServer.url, customer)
  await withAxe(context)
  const page = await context.newPage()
  const findings: Finding[] = []
  await visitAll(page, sharedServer.url, CUSTOMER, findings)

  await visitAll(
    page,
    sharedServer.url,
    [{ path: '/mt4', ready: (page) => page.getByTestId('active-asset') }],
    findings,
  )
  const row = page.getByTestId(`position-row-${position}`)
  await expect(row).toBeVisible()
  const welcome = page.getByTestId('notification-alert')
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Close' }).click()
    await expect(welcome).toHaveCount(0)
  }
  await withDialog(page, '/mt4', () => page.getByTestId('open-buy-ticket').click(), 'Buy order', findings)
  await withDialog(
    page,
    '/mt4',
    () => page.getByRole('button', { name: 'Pending order' }).click(),
    'Pending buy order',
    findings,
  )
  await withDialog(
    page,
    '/mt4',
    () => page.getByRole('button', { name: 'Create alert' }).click(),
    'Create alert',
    findings,
  )
  await withDialog(
    page,
    '/mt4',
    () => row.getByRole('button', { name: 'Modify' }).click(),
    'Take profit and stop loss',
    findings,
  )
  report(findings)
})

test("the back office's pages and a dialog have no serious or critical axe violations @mobile", async ({
  sharedServer,
  newContext,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'axe-admin')
  const context = await signedInContext(newContext, sharedServer.url, DEMO_ADMIN)
  await withAxe(context)
  const page = await context.newPage()
  const findings: Finding[] = []
  await visitAll(
    page,
    sharedServer.url,
    [
      { path: '/admin' },
      { path: '/admin/requests' },
      { path: '/admin/clients' },
      { path: '/admin/chat', ready: (page) => page.getByRole('heading', { name: 'Support chat' }) },
      { path: '/admin/settings' },
      { path: '/admin/audit' },
      { path: '/admin/outbox' },
      { path: `/admin/clients/${customer.id}` },
    ],
    findings,
  )
  await withDialog(
    page,
    '/admin/clients/:id',
    () => page.getByRole('button', { name: 'Adjust balance' }).click(),
    /adjust/i,
    findings,
  )
  report(findings)
})
