// Decision 0013 acceptance, the client half: a customer and the demo admin in two browser contexts. Messages flow
// both ways live and show 'Read' once seen; attachments upload with progress and open; the unread notifier shows and
// hides as docs/product/chat.md#unread-notifier says and agrees across tabs; markup in messages and file names stays
// text; the stored history shows with the server stopped (the demo customer on a server of that test's own, which it
// stops). The others have a customer of their own on the shared server, starting as the demo customer does, so each
// conversation is the test's alone.
import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { activeCustomer, adminToken, demoLikeCustomer, supportWrites } from './support/api'
import {
  test,
  expect,
  openSignedIn,
  serviceWorkerActivated,
  signedInContext,
  signInThroughForm,
} from './support/fixtures'
import { DEMO_ADMIN, DEMO_CUSTOMER } from './support/server'

// A 1x1 PNG and a small valid PDF, made here: no fixture files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
function pdf(padding = 0): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    `% ${'x'.repeat(padding)}`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n')
  return Buffer.from(body, 'latin1')
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const messageRows = (page: Page) => page.getByTestId('chat-message')
const rowWithText = (page: Page, text: string) => messageRows(page).filter({ hasText: text })

async function send(page: Page, text: string) {
  await composer(page).fill(text)
  await composer(page).press('Enter')
  await expect(composer(page)).toHaveValue('')
}

/**
 * Whether the unread notifier and /mt4's account bar overlap on screen (their bounding boxes intersect). Polled by
 * the caller: the bar publishes its height after layout, and a resize lays it out again.
 */
async function notifierCoversBottomBar(page: Page): Promise<boolean> {
  const notifier = await page.getByTestId('unread-notifier').boundingBox()
  const bar = await page.getByRole('region', { name: 'Account summary' }).boundingBox()
  if (!notifier || !bar) throw new Error('the unread notifier or the account bar is not on screen')
  return (
    notifier.x < bar.x + bar.width &&
    bar.x < notifier.x + notifier.width &&
    notifier.y < bar.y + bar.height &&
    bar.y < notifier.y + notifier.height
  )
}

/** A customer of the test's own (`tag` in the email) and the demo admin, each signed in in a browser context. */
async function openBoth(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  baseUrl: string,
  tag: string,
  viewport?: { width: number; height: number },
) {
  const account = await demoLikeCustomer(baseUrl, tag)
  const customerContext = await newContext(viewport ? { viewport } : {})
  const adminContext = await newContext(viewport ? { viewport } : {})
  const customer = await openSignedIn(customerContext, baseUrl, account)
  const admin = await openSignedIn(adminContext, baseUrl, DEMO_ADMIN)
  return { customerContext, adminContext, customer, admin, customerId: account.id, account }
}

test('messages flow both ways live, and show Read once the other side has seen them', async ({
  newContext,
  sharedServer,
}) => {
  const { customer, admin, customerId, customerContext, adminContext, account } = await openBoth(
    newContext,
    sharedServer.url,
    'chat-flow',
  )
  // The console is for admins: a customer who opens it is sent to /main (and on to the dashboard).
  await customer.goto(`${sharedServer.url}/admin/chat`)
  await expect(customer).toHaveURL(`${sharedServer.url}/main/dashboard`)
  await customer.goto(`${sharedServer.url}/main/chat`)
  await expect(customer.getByText('No messages yet')).toBeVisible()
  await expect(composer(customer)).toHaveAttribute('placeholder', 'Type a message...')

  await admin.goto(`${sharedServer.url}/admin/chat`)
  await expect(admin.getByText('Select a user to start chatting')).toBeVisible()
  await admin.getByTestId('chat-user').filter({ hasText: account.email }).click()
  await expect(admin).toHaveURL(new RegExp(`/admin/chat\\?user=${customerId}$`))
  await expect(admin.getByTestId('chat-peer-name')).toHaveText(`${account.first_name} ${account.last_name}`)
  await expect(admin.getByTestId('connection-indicator')).toHaveText('Connected')

  await send(customer, 'Hello, I need help with a deposit')
  const atAdmin = rowWithText(admin, 'Hello, I need help with a deposit')
  await expect(atAdmin).toBeVisible()
  await expect(atAdmin).toHaveAttribute('data-own', 'false')
  // The admin has the conversation open at the bottom: the customer's message is read, and the customer sees so.
  await expect(
    rowWithText(customer, 'Hello, I need help with a deposit').getByTestId('chat-read'),
  ).toHaveText('Read')

  await send(admin, 'Of course - which method did you use?\nCard or crypto?')
  const atCustomer = rowWithText(customer, 'Of course - which method did you use?')
  await expect(atCustomer).toBeVisible()
  await expect(atCustomer).toHaveAttribute('data-admin', 'true')
  await expect(atCustomer.getByTestId('chat-avatar')).toHaveText('A')
  await expect(atCustomer.getByTestId('chat-message-text')).toHaveText(
    'Of course - which method did you use?\nCard or crypto?',
  )
  await expect(rowWithText(admin, 'Of course - which method').getByTestId('chat-read')).toHaveText('Read')

  // Shift+Enter makes a new line; whitespace alone is not sent.
  await composer(customer).fill('   ')
  await composer(customer).press('Enter')
  await composer(customer).fill('Card')
  await composer(customer).press('Shift+Enter')
  await composer(customer).pressSequentially('yesterday')
  await composer(customer).press('Enter')
  await expect(rowWithText(admin, 'yesterday').getByTestId('chat-message-text')).toHaveText('Card\nyesterday')
  await expect(messageRows(customer)).toHaveCount(3)
  await expect(customer.getByTestId('chat-day')).toHaveText(['Today'])

  await customerContext.close()
  await adminContext.close()
})

test('the unread notifier shows off the chat page, agrees across tabs, and hides on opening the chat', async ({
  newContext,
  sharedServer,
}) => {
  const { customer, admin, customerId, customerContext, adminContext } = await openBoth(
    newContext,
    sharedServer.url,
    'chat-unread',
  )
  // The second tab's first count is read by the server before support writes, and reaches the page only after
  // both messages' events did (a request queued behind /mt4's others): the events must still bring it to 2.
  const secondTab = await customerContext.newPage()
  let firstCountRead!: () => void
  const firstCountWasRead = new Promise<void>((resolve) => (firstCountRead = resolve))
  let releaseFirstCount!: () => void
  const firstCountReleased = new Promise<void>((resolve) => (releaseFirstCount = resolve))
  let countsAsked = 0
  await secondTab.route('**/api/v1/chat/unread-count', async (route) => {
    countsAsked += 1
    if (countsAsked > 1) return route.fallback()
    const response = await route.fetch()
    firstCountRead()
    await firstCountReleased
    return route.fulfill({ response })
  })
  await secondTab.goto(`${sharedServer.url}/mt4`)
  await firstCountWasRead
  await expect(customer.getByTestId('unread-notifier')).toHaveCount(0)

  await admin.goto(`${sharedServer.url}/admin/chat?user=${customerId}`)
  await send(admin, 'Your deposit has arrived.')
  await send(admin, 'Anything else?')
  // The hub gives both tabs each event at once: once the first tab counts 2, the second has had both events.
  await expect(customer.getByTestId('unread-notifier')).toContainText('You have 2 unread message(s)')
  releaseFirstCount()
  for (const page of [customer, secondTab]) {
    await expect(page.getByTestId('unread-notifier')).toContainText('New Messages')
    await expect(page.getByTestId('unread-notifier')).toContainText(
      'You have 2 unread message(s), TAP TO VIEW',
    )
  }
  // On /mt4 the alert sits above the account bar, not over its figures: at desktop width (one row) and 390 px wide
  // (two rows), then back.
  await expect.poll(() => notifierCoversBottomBar(secondTab)).toBe(false)
  const desktopViewport = secondTab.viewportSize()
  await secondTab.setViewportSize({ width: 390, height: 844 })
  await expect.poll(() => notifierCoversBottomBar(secondTab)).toBe(false)
  if (desktopViewport) await secondTab.setViewportSize(desktopViewport)

  await customer.getByTestId('unread-notifier').click()
  await expect(customer).toHaveURL(/\/main\/chat$/)
  await expect(customer.getByTestId('unread-notifier')).toHaveCount(0)
  await expect(rowWithText(customer, 'Anything else?')).toBeVisible()
  // Read here, so the other tab's count drops to 0 and its alert goes too.
  await expect(secondTab.getByTestId('unread-notifier')).toHaveCount(0)
  await expect(rowWithText(admin, 'Anything else?').getByTestId('chat-read')).toHaveText('Read')

  // Back on the dashboard nothing is unread: no alert until support writes again.
  await customer.getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(customer.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(customer.getByTestId('unread-notifier')).toHaveCount(0)
  await send(admin, 'One more thing')
  await expect(customer.getByTestId('unread-notifier')).toContainText(
    'You have 1 unread message(s), TAP TO VIEW',
  )

  await customerContext.close()
  await adminContext.close()
})

test('a second tab joining a live conversation asks for its unread count once, not once per message of its catch-up', async ({
  newContext,
  sharedServer,
}) => {
  // Decision 0032: the hub gives a tab that joins a live channel the conversation's newest page as message.sent
  // events; the unread notifier asks the server once for the burst.
  const customer = await activeCustomer(sharedServer.url, 'catchup')
  const admin = await adminToken(sharedServer.url)
  const MESSAGES = 30
  for (let i = 1; i <= MESSAGES; i += 1)
    await supportWrites(sharedServer.url, admin, customer.id, `Note ${i}`)
  const context = await signedInContext(newContext, sharedServer.url, customer)
  const first = await context.newPage()
  await first.goto(`${sharedServer.url}/mt4`)
  await expect(first.getByTestId('unread-notifier')).toContainText(`You have ${MESSAGES} unread message(s)`)

  const second = await context.newPage()
  let countsAsked = 0
  second.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/chat/unread-count') countsAsked += 1
  })
  await second.goto(`${sharedServer.url}/mt4`)
  await expect(second.getByTestId('unread-notifier')).toContainText(`You have ${MESSAGES} unread message(s)`)
  // Long enough for the catch-up's burst and its one refresh to have come and gone.
  await second.waitForTimeout(2_000)
  // Its first count, and one or two for the catch-up (one more when the burst lands during the first): one per
  // message would be 31.
  expect(countsAsked).toBeGreaterThanOrEqual(1)
  expect(countsAsked).toBeLessThanOrEqual(3)
})

test('an image and a PDF upload with progress and open', async ({ newContext, sharedServer }) => {
  const { customer, admin, customerId, customerContext, adminContext } = await openBoth(
    newContext,
    sharedServer.url,
    'chat-upload',
  )
  await customer.goto(`${sharedServer.url}/main/chat`)
  await admin.goto(`${sharedServer.url}/admin/chat?user=${customerId}`)
  await expect(composer(customer)).toBeEnabled()

  // A slow uplink, so the upload's progress is there to see.
  const cdp = await customerContext.newCDPSession(customer)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  })
  await customer.getByTestId('chat-file-input').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(200_000),
  })
  const chip = customer.getByTestId('attachment-chip')
  await expect(customer.getByTestId('attachment-progress')).toHaveText(/^\d{1,3}%$/)
  await expect(customer.getByRole('progressbar', { name: 'Uploading statement.pdf' })).toBeVisible()
  await expect(chip).toHaveAttribute('data-status', 'ready', { timeout: 30_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await composer(customer).fill('My statement')
  await composer(customer).press('Enter')
  await expect(chip).toHaveCount(0)

  await customer
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG })
  await expect(chip).toHaveAttribute('data-status', 'ready')
  await customer.getByRole('button', { name: 'Send message' }).click()
  await expect(chip).toHaveCount(0)

  // The admin sees both: the PDF as a download with its name, the image as a thumbnail that opens. Files are served
  // only with the bearer token, so both come through the page's own authorised requests.
  const pdfButton = admin.getByRole('button', { name: /^Download statement\.pdf/ })
  await expect(pdfButton).toBeVisible()
  const [download] = await Promise.all([admin.waitForEvent('download'), pdfButton.click()])
  expect(download.suggestedFilename()).toBe('statement.pdf')
  const saved = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of saved) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')

  await admin.getByRole('button', { name: 'Open image screenshot.png' }).click()
  const preview = admin.getByRole('dialog').getByTestId('chat-image-preview')
  await expect(preview).toBeVisible()
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1)
  await admin.keyboard.press('Escape')

  // A file of the wrong kind is refused before it is sent anywhere, and the chip says 'Error'.
  await customer
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<h1>x</h1>') })
  await expect(chip).toContainText('Error')
  await customer.getByRole('button', { name: 'Remove attachment page.html' }).click()
  await expect(chip).toHaveCount(0)

  await customerContext.close()
  await adminContext.close()
})

test('markup in a message and a file name shows as text, never runs', async ({
  newContext,
  sharedServer,
}) => {
  const { customer, admin, customerId, customerContext, adminContext } = await openBoth(
    newContext,
    sharedServer.url,
    'chat-markup',
  )
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>'
  const hostileName = '<img src=x onerror=window.__pwned=3>.pdf'
  await customer.goto(`${sharedServer.url}/main/chat`)
  await admin.goto(`${sharedServer.url}/admin/chat?user=${customerId}`)
  await customer
    .getByTestId('chat-file-input')
    .setInputFiles({ name: hostileName, mimeType: 'application/pdf', buffer: pdf() })
  await expect(customer.getByTestId('attachment-chip')).toHaveAttribute('data-status', 'ready')
  await send(customer, hostile)

  for (const page of [admin, customer]) {
    await expect(page.getByTestId('chat-message-text').filter({ hasText: '<script>' })).toHaveText(hostile)
    await expect(
      page.getByRole('button', { name: /^Download <img src=x onerror=window\.__pwned=3>\.pdf/ }),
    ).toBeVisible()
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    await expect(
      page.locator(
        '[data-testid=chat-message] img[src="x"], [data-testid=chat-message] script, [data-testid=chat-message] b',
      ),
    ).toHaveCount(0)
  }
  await customerContext.close()
  await adminContext.close()
})

test.describe('with the service worker', () => {
  // The suite blocks it elsewhere (playwright.config.ts); offline, the shell and the settings come from it.
  test.use({ serviceWorkers: 'allow' })

  test('with the server stopped, reopening /main/chat shows the stored history, marked as not live', async ({
    page,
    ownServer,
  }) => {
    await page.goto(ownServer.url)
    await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    // The service worker must control the page for the shell (and the last settings) to come from it offline.
    await serviceWorkerActivated(page)
    await page.goto(`${ownServer.url}/main/chat`)
    await send(page, 'Kept for offline')
    await send(page, 'Second kept message')
    await expect(messageRows(page)).toHaveCount(2)
    await expect(page.getByTestId('chat-saved-notice')).toHaveCount(0)
    // The history is written shortly after the server's answer.
    await page.waitForTimeout(1_500)

    await ownServer.stop()
    await page.goto(`${ownServer.url}/main/chat`)
    await expect(rowWithText(page, 'Kept for offline')).toBeVisible()
    await expect(rowWithText(page, 'Second kept message')).toBeVisible()
    await expect(page.getByTestId('chat-saved-notice')).toHaveText('Showing saved messages - not live')
  })
})

test("@mobile below 768 px the console's user list is a slide-over drawer; the customer chat fits the screen", async ({
  newContext,
  sharedServer,
}) => {
  const phone = { width: 390, height: 844 }
  const { customer, admin, customerContext, adminContext, account } = await openBoth(
    newContext,
    sharedServer.url,
    'chat-phone',
    phone,
  )
  await admin.goto(`${sharedServer.url}/admin/chat`)
  await expect(admin.getByText('Select a user to start chatting')).toBeVisible()
  // The side list is not shown on a phone; a button opens it as a drawer.
  await expect(admin.getByRole('complementary', { name: 'Users' })).toBeHidden()
  await admin.getByRole('button', { name: 'Show users' }).first().click()
  const drawer = admin.getByRole('dialog', { name: 'Users' })
  await expect(drawer).toBeVisible()
  await drawer.getByTestId('chat-user').filter({ hasText: account.email }).click()
  await expect(drawer).toBeHidden()
  await expect(admin.getByTestId('chat-peer-name')).toHaveText(`${account.first_name} ${account.last_name}`)

  await customer.goto(`${sharedServer.url}/main/chat`)
  await send(customer, 'Hello from my phone')
  await expect(rowWithText(admin, 'Hello from my phone')).toBeVisible()
  // The composer sits inside the screen, without scrolling the page.
  const box = await composer(customer).boundingBox()
  expect(box && box.y + box.height).toBeLessThanOrEqual(phone.height)
  await customerContext.close()
  await adminContext.close()
})
