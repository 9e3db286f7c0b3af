// Pusher's HTTP API beyond publishing, as the official `pusher` SDK calls it, against one instance: the channel
// queries (GET /channels, /channels/{name}, /channels/{presence}/users), `info` on trigger and batch, 400 for an
// invalid request, and channel names of at most 164 characters (decision 0036).
import { createHash, createHmac } from 'node:crypto'
import type PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  rawPusherSocket,
  waitFor,
} from '../integration/support/realtime-clients'
import { listenTestApp, type ListeningServer } from '../integration/support/test-server'
import { getJson, memberOf, sdkFor, statusOf, subscribed, type Credentials } from './support/pusher'

const CREDENTIALS: Credentials = { appId: '616161', key: 'query-key', secret: 'query-secret-4e1d9a' }

let server: ListeningServer
let sdk: PusherServer

beforeAll(async () => {
  server = await listenTestApp({ realtime: { pusher: CREDENTIALS, prices: { ticksPerSecond: 0 } } })
  sdk = sdkFor(server.baseUrl, CREDENTIALS)
})
afterEach(() => closeAllClients())
afterAll(async () => {
  closeAllClients()
  await server?.close()
})

/**
 * news-a: two sockets; news-b: one; presence-room: alice on one socket and bob on two (two users, three
 * subscriptions).
 */
async function occupy(): Promise<{ reader: Pusher; bobAgain: Pusher }> {
  const [reader, other] = await Promise.all([
    connectedPusher(server.baseUrl, CREDENTIALS.key),
    connectedPusher(server.baseUrl, CREDENTIALS.key),
  ])
  await Promise.all([subscribed(reader, 'news-a'), subscribed(reader, 'news-b'), subscribed(other, 'news-a')])
  const alice = await memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'alice' })
  const bob = await memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'bob' })
  const bobAgain = await memberOf(server.baseUrl, CREDENTIALS, sdk, { user_id: 'bob' })
  await subscribed(alice, 'presence-room')
  await subscribed(bob, 'presence-room')
  await subscribed(bobAgain, 'presence-room')
  return { reader, bobAgain }
}

describe('GET /apps/{app_id}/channels', () => {
  it('lists the occupied channels, narrowed by filter_by_prefix, with user_count for presence channels', async () => {
    const { reader } = await occupy()
    expect(await getJson(sdk, '/channels')).toEqual({
      channels: { 'news-a': {}, 'news-b': {}, 'presence-room': {} },
    })
    expect(await getJson(sdk, '/channels', { filter_by_prefix: 'news-' })).toEqual({
      channels: { 'news-a': {}, 'news-b': {} },
    })
    expect(await getJson(sdk, '/channels', { filter_by_prefix: 'presence-', info: 'user_count' })).toEqual({
      channels: { 'presence-room': { user_count: 2 } },
    })

    // A vacated channel leaves the list.
    reader.unsubscribe('news-b')
    await eventually(async () =>
      expect(await getJson(sdk, '/channels', { filter_by_prefix: 'news-' })).toEqual({
        channels: { 'news-a': {} },
      }),
    )
  })

  it('answers 400 to user_count not limited to presence channels, and to an attribute it does not list', async () => {
    expect(await statusOf(sdk.get({ path: '/channels', params: { info: 'user_count' } }))).toBe(400)
    const notPresence = { filter_by_prefix: 'news-', info: 'user_count' }
    expect(await statusOf(sdk.get({ path: '/channels', params: notPresence }))).toBe(400)
    // Pusher lists user_count only; subscription_count is one channel's attribute.
    const listed = { filter_by_prefix: 'presence-', info: 'subscription_count' }
    expect(await statusOf(sdk.get({ path: '/channels', params: listed }))).toBe(400)
  })
})

describe('GET /apps/{app_id}/channels/{channel_name}', () => {
  it('answers occupied always, and subscription_count and user_count when asked', async () => {
    await occupy()
    expect(await getJson(sdk, '/channels/news-a')).toEqual({ occupied: true })
    expect(await getJson(sdk, '/channels/news-a', { info: 'subscription_count' })).toEqual({
      occupied: true,
      subscription_count: 2,
    })
    expect(await getJson(sdk, '/channels/presence-room', { info: 'user_count,subscription_count' })).toEqual({
      occupied: true,
      user_count: 2,
      subscription_count: 3,
    })
    expect(await getJson(sdk, '/channels/nobody-here')).toEqual({ occupied: false })
    expect(await getJson(sdk, '/channels/nobody-here', { info: 'subscription_count' })).toEqual({
      occupied: false,
      subscription_count: 0,
    })
  })

  it('answers 400 to user_count on a channel that is not presence, an unknown attribute or a bad name', async () => {
    const get = (path: string, params?: Record<string, string>) =>
      statusOf(sdk.get({ path, ...(params ? { params } : {}) }))
    expect(await get('/channels/news-a', { info: 'user_count' })).toBe(400)
    expect(await get('/channels/news-a', { info: 'cache' })).toBe(400)
    expect(await get(`/channels/${'c'.repeat(165)}`)).toBe(400)
    expect(await get('/channels/bad%20name')).toBe(400)
    expect(await get(`/channels/${'c'.repeat(164)}`)).toBe('resolved')
  })
})

describe('GET /apps/{app_id}/channels/{presence_channel}/users', () => {
  it('lists the presence members once each, and answers 400 for a channel that is not presence', async () => {
    const { bobAgain } = await occupy()
    const { users } = await getJson<{ users: { id: string }[] }>(sdk, '/channels/presence-room/users')
    expect(users.map((user) => user.id).sort()).toEqual(['alice', 'bob'])
    // One of Bob's two sockets leaves: he is still a member.
    bobAgain.disconnect()
    await eventually(async () =>
      expect(await getJson(sdk, '/channels/presence-room', { info: 'subscription_count' })).toEqual({
        occupied: true,
        subscription_count: 2,
      }),
    )
    expect(await getJson(sdk, '/channels/presence-room/users')).toEqual({
      users: expect.arrayContaining([{ id: 'alice' }, { id: 'bob' }]),
    })
    expect(await getJson(sdk, '/channels/presence-nobody/users')).toEqual({ users: [] })
    expect(await statusOf(sdk.get({ path: '/channels/news-a/users' }))).toBe(400)
  })
})

describe('signatures on the queries', () => {
  const path = `/apps/${CREDENTIALS.appId}/channels`
  function signedGet(options: { secret?: string; method?: string; timestamp?: number } = {}) {
    const params: Record<string, string> = {
      auth_key: CREDENTIALS.key,
      auth_timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
    }
    const query = Object.keys(params)
      .sort()
      .map((name) => `${name}=${params[name]}`)
      .join('&')
    const signature = createHmac('sha256', options.secret ?? CREDENTIALS.secret)
      .update(`${options.method ?? 'GET'}\n${path}\n${query}`)
      .digest('hex')
    return fetch(`${server.baseUrl}${path}?${query}&auth_signature=${signature}`)
  }

  it('are signed as Pusher signs: the method, the path and the sorted query, within 600 s', async () => {
    expect((await signedGet()).status).toBe(200)
    expect((await fetch(`${server.baseUrl}${path}`)).status).toBe(401)
    expect((await signedGet({ secret: 'not-the-secret' })).status).toBe(401)
    expect((await signedGet({ method: 'POST' })).status).toBe(401)
    expect((await signedGet({ timestamp: Math.floor(Date.now() / 1000) - 605 })).status).toBe(401)
    const otherApp = sdkFor(server.baseUrl, { ...CREDENTIALS, appId: '1' })
    expect(await statusOf(otherApp.get({ path: '/channels' }))).toBe(404)
    const wrongSecret = sdkFor(server.baseUrl, { ...CREDENTIALS, secret: 'wrong' })
    expect(await statusOf(wrongSecret.get({ path: '/channels' }))).toBe(401)
  })
})

describe('info on POST /events and /batch_events', () => {
  it('answers the attributes asked for each channel triggered to, and {} without info', async () => {
    await occupy()
    const triggered = await sdk.trigger(
      ['news-a', 'presence-room', 'nobody-here'],
      'tick',
      { n: 1 },
      {
        info: 'subscription_count,user_count',
      },
    )
    expect(await triggered.json()).toEqual({
      channels: {
        'news-a': { subscription_count: 2 },
        'presence-room': { subscription_count: 3, user_count: 2 },
        'nobody-here': { subscription_count: 0 },
      },
    })
    expect(await (await sdk.trigger('news-a', 'tick', { n: 2 })).json()).toEqual({})
    expect(await statusOf(sdk.trigger('news-a', 'tick', {}, { info: 'cache' }))).toBe(400)
  })

  it('answers one attributes entry per batch event, {} for an event without info', async () => {
    await occupy()
    const answer = await sdk.triggerBatch([
      { channel: 'news-a', name: 'one', data: {}, info: 'subscription_count' },
      { channel: 'presence-room', name: 'two', data: {}, info: 'user_count' },
      { channel: 'news-b', name: 'three', data: {} },
    ])
    expect(await answer.json()).toEqual({ batch: [{ subscription_count: 2 }, { user_count: 2 }, {}] })
    const plain = await sdk.triggerBatch([{ channel: 'news-a', name: 'four', data: {} }])
    expect(await plain.json()).toEqual({})
  })
})

describe('answers Pusher gives where the project once differed', () => {
  /** A POST signed over these exact bytes, as the SDK signs (it cannot send a body that is not JSON). */
  function signedPost(path: string, body: string) {
    const md5 = createHash('md5').update(body).digest('hex')
    const now = Math.floor(Date.now() / 1000)
    const params = `auth_key=${CREDENTIALS.key}&auth_timestamp=${now}&auth_version=1.0&body_md5=${md5}`
    const signature = createHmac('sha256', CREDENTIALS.secret)
      .update(`POST\n${path}\n${params}`)
      .digest('hex')
    return fetch(`${server.baseUrl}${path}?${params}&auth_signature=${signature}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
  }

  it('refuses an invalid request with 400, not 422', async () => {
    const tooMany = Array.from({ length: 11 }, () => ({ channel: 'news-a', name: 'e', data: '{}' }))
    expect(await statusOf(sdk.triggerBatch(tooMany))).toBe(400)
    const events = `/apps/${CREDENTIALS.appId}/events`
    const noName = await signedPost(events, JSON.stringify({ channels: ['news-a'], data: '{}' }))
    expect(noName.status).toBe(400)
    expect(await noName.json()).toMatchObject({ errors: { name: expect.any(Array) } })
    expect((await signedPost(events, '{"name":')).status).toBe(400)
    const terminate = `/apps/${CREDENTIALS.appId}/users/trader-1/terminate_connections`
    expect((await signedPost(terminate, '[]')).status).toBe(400)
  })

  it('takes channel names of up to 164 characters, on trigger and on subscribe', async () => {
    const longest = `private-${'x'.repeat(156)}`
    const tooLong = `${longest}y`
    expect(longest).toHaveLength(164)

    const client = await memberOf(server.baseUrl, CREDENTIALS, sdk)
    await subscribed(client, longest)
    const received = waitFor<unknown>('event on the longest name', (deliver) =>
      client.channel(longest).bind('hello', deliver),
    )
    await sdk.trigger(longest, 'hello', { ok: true })
    expect(await received).toEqual({ ok: true })
    // The SDK lets up to 200 through; the server refuses what Pusher refuses.
    expect(await statusOf(sdk.trigger(tooLong, 'hello', {}))).toBe(400)

    const refused = client.subscribe(tooLong)
    const error = await waitFor<{ status: number; error: string }>('subscription error', (deliver) =>
      refused.bind('pusher:subscription_error', deliver),
    )
    expect(error).toMatchObject({ status: 400, error: expect.stringMatching(/164/) })

    const raw = rawPusherSocket(server.baseUrl, CREDENTIALS.key)
    await raw.next('pusher:connection_established')
    raw.send('pusher:subscribe', { channel: `public-${'z'.repeat(158)}` })
    expect((await raw.next('pusher:subscription_error')).data).toMatchObject({ status: 400 })
  })
})
