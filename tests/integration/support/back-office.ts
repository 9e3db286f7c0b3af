// Helpers for the back office's tests (decision 0017): the admin calls as the /admin pages make them, a second admin,
// the audit rows an action wrote, the app's token-authenticated routes read from its route table, and a pusher-js
// client that holds several of one user's private channels on one socket (the broker restricts per socket).
import { desc, gt } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type Pusher from 'pusher-js'
import { expect } from 'vitest'
import { auditEvents, users } from '../../../server/db/schema'
import {
  API_PREFIX,
  IDEMPOTENCY_KEY_HEADER,
  type AdjustmentRequest,
  type AdminUserPatch,
  type RequestDecision,
} from '../../../src/domain/contract'
import { connectedPusher, waitFor } from './realtime-clients'
import { bearer, listRoutes, type RouteEntry } from './test-server'
import type { ChannelRecorder } from './trading'

type Method = NonNullable<InjectOptions['method']>

/** One call to the API as a signed-in user; `url` without the /api/v1 prefix. */
export function call(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  })
}

export const patchUser = (app: FastifyInstance, adminToken: string, userId: number, patch: AdminUserPatch) =>
  call(app, adminToken, 'PATCH', `/admin/users/${userId}`, patch)

export const adjust = (
  app: FastifyInstance,
  adminToken: string,
  userId: number,
  body: AdjustmentRequest,
  key: string,
) =>
  call(app, adminToken, 'POST', `/admin/users/${userId}/adjustments`, body, { [IDEMPOTENCY_KEY_HEADER]: key })

export const decide = (
  app: FastifyInstance,
  adminToken: string,
  type: string,
  requestId: number,
  body: RequestDecision,
) => call(app, adminToken, 'POST', `/admin/requests/${type}/${requestId}/decision`, body)

let adminCounter = 0

/** Another active admin, straight in the database, with a token from the app's own repository. */
export async function newAdmin(app: FastifyInstance) {
  adminCounter += 1
  const tag = `${process.pid}x${adminCounter}`
  const [row] = await app.db
    .insert(users)
    .values({
      email: `officer${tag}@example.com`,
      username: `officer${tag}`,
      firstName: 'Second',
      lastName: 'Officer',
      passwordHash: 'not-a-hash: this admin signs in by token only',
      role: 'admin',
      status: 'active',
      accountId: `CFD${4_000_000 + adminCounter}`,
      balanceUsd: '0.00',
    })
    .returning({ id: users.id })
  if (!row) throw new Error('could not insert an admin')
  return { id: row.id, token: await app.repos.authTokens.issue(row.id, app.now()) }
}

export async function lastAuditId(app: FastifyInstance): Promise<number> {
  const [row] = await app.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1)
  return row?.id ?? 0
}

/** The audit rows written after `afterId`, oldest first. */
export function auditRowsAfter(app: FastifyInstance, afterId: number) {
  return app.db.select().from(auditEvents).where(gt(auditEvents.id, afterId)).orderBy(auditEvents.id)
}

/**
 * Runs `action` and answers its response with the audit rows it wrote. Tests in one file run one at a time, so
 * every row written meanwhile is the action's.
 */
export async function auditedBy(app: FastifyInstance, action: () => Promise<LightMyRequestResponse>) {
  const afterId = await lastAuditId(app)
  const countBefore = await app.db.$count(auditEvents)
  const response = await action()
  const rows = await auditRowsAfter(app, afterId)
  // The count agrees with the rows: nothing was written under an id below the last one seen.
  expect(await app.db.$count(auditEvents)).toBe(countBefore + rows.length)
  return { response, rows }
}

/** A route with its parameters filled in; the gate answers before parameters are validated. */
export function concreteUrl(route: RouteEntry): string {
  return route.url.replace(/:[A-Za-z]+/g, '1')
}

/**
 * Every /api/v1 route that answers an anonymous caller 401: the routes behind bearer-token authentication, read
 * from fastify's route table so a route added later is covered without being listed. (The Pusher HTTP API at /apps
 * is signed with the app secret, not a user's token, and /metrics is not under the API.)
 */
export async function tokenRoutes(
  app: FastifyInstance,
): Promise<{ guarded: RouteEntry[]; open: RouteEntry[] }> {
  const guarded: RouteEntry[] = []
  const open: RouteEntry[] = []
  for (const route of await listRoutes(app)) {
    if (!route.url.startsWith(`${API_PREFIX}/`)) continue
    const response = await app.inject({
      method: route.method as Method,
      url: concreteUrl(route),
      ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
    })
    ;(response.statusCode === 401 ? guarded : open).push(route)
  }
  return { guarded, open }
}

export const routeName = (route: RouteEntry) => `${route.method} ${route.url}`

/**
 * pusher-js whose channel authorisations go through POST /broadcasting/auth with `token`, on `authBaseUrl` (another
 * instance, as a load balancer may send it there) or the socket's own server.
 */
export function tokenPusher(
  baseUrl: string,
  pusherKey: string,
  token: string,
  authBaseUrl = baseUrl,
): Promise<Pusher> {
  return connectedPusher(baseUrl, pusherKey, {
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(`${authBaseUrl}${API_PREFIX}/broadcasting/auth`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (response) => {
            if (!response.ok) return callback(new Error(`auth answered ${response.status}`), null)
            return callback(null, (await response.json()) as { auth: string })
          })
          .catch((error: Error) => callback(error, null))
      },
    },
  })
}

export interface Subscription extends Omit<ChannelRecorder, 'client'> {
  name: string
}

/** Subscribes `client` to `channelName` and records what arrives; resolves once the broker confirmed it. */
export async function subscribeRecording(client: Pusher, channelName: string): Promise<Subscription> {
  const channel = client.subscribe(channelName)
  const events: Subscription['events'] = []
  const waiters: Array<{ event: string; deliver: (data: unknown) => void }> = []
  channel.bind_global((event: string, data: unknown) => {
    if (event.startsWith('pusher:')) return
    events.push({ event, data })
    for (const waiter of waiters.splice(0)) {
      if (waiter.event === event) waiter.deliver(data)
      else waiters.push(waiter)
    }
  })
  await waitFor(`subscribed to ${channelName}`, (deliver) =>
    channel.bind('pusher:subscription_succeeded', deliver),
  )
  return {
    name: channelName,
    events,
    next(event, timeoutMs) {
      return waitFor(`${event} on ${channelName}`, (deliver) => waiters.push({ event, deliver }), timeoutMs)
    },
  }
}

/** Subscribes and answers the subscription error pusher-js reports (its `status` is the refusal's). */
export function subscriptionRefusal(
  client: Pusher,
  channelName: string,
): Promise<{ type?: string; error?: string; status?: number }> {
  const channel = client.subscribe(channelName)
  return waitFor(`subscription_error on ${channelName}`, (deliver) =>
    channel.bind('pusher:subscription_error', deliver),
  )
}

export async function pusherKeyOf(app: FastifyInstance): Promise<string> {
  const settings = (await app.inject({ url: `${API_PREFIX}/settings` })).json()
  return settings.data.realtime.pusher.key as string
}
