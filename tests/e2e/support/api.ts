// What the back office does in these tests, through the same API an admin console would use: the demo admin's
// token, then the admin routes (approve a request, send a notification).
import { DEMO_USERS, EXPERT_ADVISOR_SEEDS } from '../../../server/db/seed-data/catalog'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER } from './server'

async function call<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** The demo customer's user id, as the admin routes take it. */
export async function demoCustomerId(baseUrl: string): Promise<number> {
  const token = await apiLogin(baseUrl, DEMO_CUSTOMER)
  const body = await call<{ data: { id: number } }>(baseUrl, token, 'GET', '/user')
  return body.data.id
}

export async function adminToken(baseUrl: string): Promise<string> {
  return apiLogin(baseUrl, DEMO_ADMIN)
}

/** Support writes `text` in the customer's conversation (POST /chat/messages as the demo admin). */
export async function supportWrites(baseUrl: string, token: string, customerId: number, text: string) {
  await call(baseUrl, token, 'POST', '/chat/messages', { message: text, customer_id: customerId })
}

/** Approves the customer's pending auto trader request. */
export async function approveAutoTrader(baseUrl: string, userId: number): Promise<void> {
  const token = await adminToken(baseUrl)
  const list = await call<{ data: { id: number; user_id: number; status: string }[] }>(
    baseUrl,
    token,
    'GET',
    '/admin/requests?type=autotrader&status=pending',
  )
  const pending = list.data.find((request) => request.user_id === userId)
  if (!pending) throw new Error(`no pending auto trader request for user ${userId}`)
  await call(baseUrl, token, 'POST', `/admin/requests/autotrader/${pending.id}/decision`, {
    decision: 'approve',
  })
}

export async function sendNotification(
  baseUrl: string,
  notification: { user_id: number; title: string; message: string; color: string },
): Promise<void> {
  await call(baseUrl, await adminToken(baseUrl), 'POST', '/admin/notifications', notification)
}

let applicants = 0
/** A fresh applicant's details, unique per call (the database is shared by a spec file's tests). */
export function newApplicant(tag: string) {
  const id = `${Date.now().toString(36)}${(applicants++).toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return {
    first_name: 'Grace',
    last_name: `Hopper${id.slice(-4)}`,
    username: `u${id}`,
    email: `${tag}-${id}@example.com`,
    password: 'Secret123!',
  }
}

/** Registers a customer through POST /auth/register (pending approval, as the site's default asks) and returns its id. */
export async function registerCustomer(baseUrl: string, applicant: ReturnType<typeof newApplicant>) {
  const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...applicant,
      confirm_password: applicant.password,
      phone: '5550100123',
      country_code: '+1',
      country: 'united-states',
      nationality: 'united-states',
    }),
  })
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`)
  const token = await adminToken(baseUrl)
  const list = await call<{ data: { id: number; email: string }[] }>(
    baseUrl,
    token,
    'GET',
    `/admin/users?search=${encodeURIComponent(applicant.email)}&page=1`,
  )
  const user = list.data.find((candidate) => candidate.email === applicant.email)
  if (!user) throw new Error(`the new customer ${applicant.email} is not listed`)
  return user.id
}

/** An active customer of this test's own: registered, then approved in the queue. */
export async function activeCustomer(baseUrl: string, tag: string) {
  const applicant = newApplicant(tag)
  const id = await registerCustomer(baseUrl, applicant)
  await call(baseUrl, await adminToken(baseUrl), 'POST', `/admin/requests/account/${id}/decision`, {
    decision: 'approve',
  })
  return { ...applicant, id }
}

/** What the seed gives the demo customer (server/db/seed-data/catalog.ts). */
const DEMO_CUSTOMER_SEED = (() => {
  const seed = DEMO_USERS.find((user) => user.email === DEMO_CUSTOMER.email)
  if (!seed?.welcome) throw new Error('the seed has no demo customer with a welcome notification')
  return { ...seed, welcome: seed.welcome }
})()

/**
 * An active customer of this test's own who starts where the seed's demo customer does: the Basic plan every
 * sign-up gets, the demo balance, the advisors the demo customer owns (free ones, so owning them charges nothing)
 * and the welcome notification as the one unread (the approval's own notification is read first). For a test on
 * the shared server whose subject needs the demo customer's start but not its positions, orders, alerts or chat,
 * which other tests share.
 */
export async function demoLikeCustomer(baseUrl: string, tag: string) {
  const customer = await activeCustomer(baseUrl, tag)
  const token = await apiLogin(baseUrl, customer)
  const { data: user } = await call<{ data: { notifications: { id: number | string; read: boolean }[] } }>(
    baseUrl,
    token,
    'GET',
    '/user',
  )
  for (const notification of user.notifications.filter((candidate) => !candidate.read)) {
    await call(baseUrl, token, 'POST', `/notifications/${notification.id}/read`)
  }
  await adjustBalance(baseUrl, customer.id, DEMO_CUSTOMER_SEED.balanceUsd)
  const { data: advisors } = await call<{ data: { id: number; name: string; amount_val: number }[] }>(
    baseUrl,
    token,
    'GET',
    '/expert_advisors',
  )
  for (const slug of DEMO_CUSTOMER_SEED.expertAdvisors) {
    const name = EXPERT_ADVISOR_SEEDS.find((seed) => seed.slug === slug)?.name
    const advisor = advisors.find((candidate) => candidate.name === name)
    if (!advisor || advisor.amount_val !== 0)
      throw new Error(`the demo customer's advisor ${slug} is not listed as free`)
    await call(baseUrl, token, 'POST', '/purchase/ea', { expert_advisor_id: advisor.id })
  }
  await sendNotification(baseUrl, { user_id: customer.id, ...DEMO_CUSTOMER_SEED.welcome })
  return customer
}

/** A 1x1 PNG: enough for the upload checks, which compare the extension with the first bytes. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * Brings the customer to verification level 2, as withdrawals need: both sides of an identity document uploaded
 * as the customer, then approved by the admin in the request queue.
 */
export async function verifyIdentity(
  baseUrl: string,
  customer: { id: number; email: string; password: string },
) {
  const token = await apiLogin(baseUrl, customer)
  for (const type of ['identity', 'identity_back']) {
    const form = new FormData()
    form.append('type', type)
    form.append('file', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), `${type}.png`)
    const response = await fetch(`${baseUrl}/api/v1/verification/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    })
    if (!response.ok) throw new Error(`upload ${type}: ${response.status} ${await response.text()}`)
  }
  const admin = await adminToken(baseUrl)
  const pending = await call<{ data: { id: number; user_id: number }[] }>(
    baseUrl,
    admin,
    'GET',
    '/admin/requests?type=verification&status=pending',
  )
  const documents = pending.data.filter((request) => request.user_id === customer.id)
  if (documents.length !== 2)
    throw new Error(`expected 2 documents of user ${customer.id}, got ${documents.length}`)
  for (const document of documents) {
    await call(baseUrl, admin, 'POST', `/admin/requests/verification/${document.id}/decision`, {
      decision: 'approve',
    })
  }
}

/** Opens a market position for the customer through the same call the workspace makes; returns its id. */
export async function openPosition(
  baseUrl: string,
  token: string,
  symbol: string,
  side: 'buy' | 'sell',
  lots: number,
): Promise<number> {
  const assets = await call<{ data: { id: number; symbol: string; name: string; contract_size: number }[] }>(
    baseUrl,
    token,
    'GET',
    '/assets',
  )
  const asset = assets.data.find((candidate) => candidate.symbol === symbol)
  if (!asset) throw new Error(`no asset ${symbol}`)
  const response = await fetch(`${baseUrl}/api/v1/trades/store`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    body: JSON.stringify({
      type: side,
      leverage: 1,
      amount: 1,
      qty: lots,
      volume: Number((lots * asset.contract_size).toFixed(6)),
      margin: 0,
      opening_price: 1,
      take_profit: 0,
      stop_loss: 0,
      id: asset.id,
      asset_symbol: asset.symbol,
      asset_name: asset.name,
    }),
  })
  if (response.status !== 201) throw new Error(`open ${symbol}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { id: number } }).data.id
}

/** Adjusts a customer's balance as the back office does (a deposit by default). */
export async function adjustBalance(baseUrl: string, userId: number, amount: string, kind = 'deposit') {
  const response = await fetch(`${baseUrl}/api/v1/admin/users/${userId}/adjustments`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await adminToken(baseUrl)}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    body: JSON.stringify({ amount, kind, reason: 'Funded by an end-to-end test' }),
  })
  if (!response.ok) throw new Error(`adjust: ${response.status} ${await response.text()}`)
}
