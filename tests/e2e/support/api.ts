// What the back office does in these tests, through the same API an admin console would use: the demo admin's
// token, then the admin routes (approve a request, send a notification).
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

/** Approves the customer's pending auto trader request. */
export async function approveAutoTrader(baseUrl: string, userId: number): Promise<void> {
  const token = await adminToken(baseUrl)
  const list = await call<{ data: { id: number; user_id: number; status: string }[] }>(
    baseUrl,
    token,
    'GET',
    '/admin/autotrader-requests',
  )
  const pending = list.data.find((request) => request.user_id === userId && request.status === 'pending')
  if (!pending) throw new Error(`no pending auto trader request for user ${userId}`)
  await call(baseUrl, token, 'POST', `/admin/autotrader-requests/${pending.id}`, { status: 'approved' })
}

export async function sendNotification(
  baseUrl: string,
  notification: { user_id: number; title: string; message: string; color: string },
): Promise<void> {
  await call(baseUrl, await adminToken(baseUrl), 'POST', '/admin/notifications', notification)
}
