// Decision 0013 acceptance: with the realtime broker cut, the chat says it is on the backup connection and messages
// still arrive (the hub polls GET /chat/messages every 5 s); once the cut heals, each side holds every message
// exactly once, in the database's order. The browsers reach the broker through a TCP proxy this test owns (the server
// advertises it with PUSHER_PUBLIC_HOST/PORT), so cutting the proxy cuts the push connection and nothing else.
import { createServer, connect, type Server, type Socket } from 'node:net'
import type { Page } from '@playwright/test'
import { test, expect, openSignedIn } from './support/fixtures'
import {
  apiLogin,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  freePort,
  startServer,
  type RunningServer,
} from './support/server'

interface BrokerProxy {
  port: number
  target: number
  cut(): void
  heal(): void
  close(): Promise<void>
}

async function startBrokerProxy(): Promise<BrokerProxy> {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let cut = false
  const proxy: BrokerProxy = {
    port,
    target: 0,
    cut() {
      cut = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
    heal() {
      cut = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut()
        server.close(() => resolve())
      }),
  }
  const server: Server = createServer((client) => {
    // While cut, the broker is unreachable: every attempt is dropped at once, like a broken network path.
    if (cut || proxy.target === 0) {
      client.destroy()
      return
    }
    const upstream = connect(proxy.target, '127.0.0.1')
    sockets.add(client)
    sockets.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return proxy
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const texts = (page: Page) => page.getByTestId('chat-message-text').allTextContents()

async function send(page: Page, text: string) {
  await composer(page).fill(text)
  await composer(page).press('Enter')
  await expect(composer(page)).toHaveValue('')
}

/** The conversation as the database holds it, oldest first (page 1 holds the newest 50; this test sends fewer). */
async function databaseOrder(server: RunningServer, customerId: number): Promise<string[]> {
  const token = await apiLogin(server.url, DEMO_ADMIN)
  const response = await fetch(`${server.url}/api/v1/chat/messages?customer_id=${customerId}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const body = (await response.json()) as { data: { message: string }[]; next_page_url: string | null }
  expect(body.next_page_url).toBeNull()
  return body.data.map((message) => message.message)
}

test('with the broker cut, the backup notice shows and messages still arrive; after it heals each shows once, in order', async ({
  newContext,
}) => {
  test.setTimeout(180_000)
  const proxy = await startBrokerProxy()
  const server = await startServer({
    PUSHER_PUBLIC_HOST: '127.0.0.1',
    PUSHER_PUBLIC_PORT: String(proxy.port),
  })
  proxy.target = server.port
  const customerContext = await newContext()
  const adminContext = await newContext()
  try {
    const customer = await openSignedIn(customerContext, server.url, DEMO_CUSTOMER)
    const admin = await openSignedIn(adminContext, server.url, DEMO_ADMIN)
    await customer.goto(`${server.url}/main/chat`)
    await admin.goto(`${server.url}/admin/chat`)
    await admin.getByTestId('chat-user').filter({ hasText: DEMO_CUSTOMER.email }).click()
    const customerId = Number(new URL(admin.url()).searchParams.get('user'))
    // The admin console keeps docs/product/chat.md#admin-console's words; the customer's account area says Live
    // (decision 0021).
    await expect(admin.getByTestId('connection-indicator')).toHaveText('Connected')
    await expect(customer.getByTestId('connection-indicator')).toHaveText('Live')

    await send(customer, 'before the cut')
    await expect(admin.getByTestId('chat-message-text').filter({ hasText: 'before the cut' })).toBeVisible()
    await expect(customer.getByTestId('chat-backup-notice')).toHaveCount(0)

    proxy.cut()
    for (const page of [customer, admin]) {
      await expect(page.getByTestId('chat-backup-notice')).toHaveText(
        'Using backup connection - messages may be slightly delayed',
      )
      // Sending works over HTTP: the composer stays enabled.
      await expect(composer(page)).toHaveAttribute('placeholder', 'Type a message...')
      await expect(composer(page)).toBeEnabled()
    }
    await expect(admin.getByTestId('connection-indicator')).toHaveText('Reconnecting...')

    // Both ways, by polling only.
    await send(admin, 'admin during the cut 1')
    await send(customer, 'customer during the cut 1')
    await send(admin, 'admin during the cut 2')
    await expect(
      customer.getByTestId('chat-message-text').filter({ hasText: 'admin during the cut 2' }),
    ).toBeVisible({
      timeout: 20_000,
    })
    await expect(
      admin.getByTestId('chat-message-text').filter({ hasText: 'customer during the cut 1' }),
    ).toBeVisible({
      timeout: 20_000,
    })

    proxy.heal()
    await expect(admin.getByTestId('connection-indicator')).toHaveText('Connected', { timeout: 60_000 })
    await expect(customer.getByTestId('connection-indicator')).toHaveText('Live', { timeout: 60_000 })
    for (const page of [customer, admin]) await expect(page.getByTestId('chat-backup-notice')).toHaveCount(0)
    // The admin read the customer's message during the cut; the message.read push was lost with the socket, and
    // the catch-up after the reconnect brings the receipt.
    await expect(
      customer
        .getByTestId('chat-message')
        .filter({ hasText: 'customer during the cut 1' })
        .getByTestId('chat-read'),
    ).toHaveText('Read')
    await send(customer, 'after the heal')
    await expect(admin.getByTestId('chat-message-text').filter({ hasText: 'after the heal' })).toBeVisible()

    const expected = await databaseOrder(server, customerId)
    expect(expected).toEqual([
      'before the cut',
      'admin during the cut 1',
      'customer during the cut 1',
      'admin during the cut 2',
      'after the heal',
    ])
    for (const page of [customer, admin]) await expect.poll(() => texts(page)).toEqual(expected)
  } finally {
    await customerContext.close()
    await adminContext.close()
    await server.dispose()
    await proxy.close()
  }
})
