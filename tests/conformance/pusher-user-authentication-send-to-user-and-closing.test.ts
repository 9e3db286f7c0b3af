// User authentication as pusher-js and the official SDK do it, against one instance: `pusher.signin()` with a
// `userAuthentication.customHandler` answered by the SDK's `authenticateUser`, `sendToUser` to every signed-in socket
// of that user, `terminateUserConnections` closing them with 4009; and 4005 for an upgrade to an unknown path, on
// which pusher-js stops instead of retrying (decision 0036).
import { createHmac } from 'node:crypto'
import type PusherServer from 'pusher'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished as afterThis } from 'vitest'
import { WebSocket } from 'ws'
import {
  closeAllClients,
  connectedPusher,
  eventually,
  pusherClient,
  rawPusherSocket,
  sleep,
  waitFor,
} from '../integration/support/realtime-clients'
import {
  bearer,
  DEMO_CUSTOMER,
  listenTestApp,
  loginToken,
  type ListeningServer,
} from '../integration/support/test-server'
import {
  closeCodesOf,
  getJson,
  nextUserEvent,
  sdkFor,
  signedIn,
  statesOf,
  statusOf,
  subscribed,
  type Credentials,
} from './support/pusher'

const CREDENTIALS: Credentials = { appId: '626262', key: 'signin-key', secret: 'signin-secret-7c20b1' }

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

/** A bare socket's id, from its connection_established. */
async function rawSocketId(raw: ReturnType<typeof rawPusherSocket>): Promise<string> {
  const established = await raw.next('pusher:connection_established')
  return (JSON.parse(established.data as string) as { socket_id: string }).socket_id
}

describe('pusher:signin', () => {
  it('signs pusher-js in with the SDK’s authenticateUser, and it holds its server-to-user channel', async () => {
    const client = await signedIn(server.baseUrl, CREDENTIALS, sdk, {
      id: 'trader-7',
      user_info: { name: 'Ada' },
    })
    expect(client.user.user_data).toEqual({ id: 'trader-7', user_info: { name: 'Ada' } })
    // pusher-js subscribes to #server-to-user-{id} after the sign-in; the broker answers it.
    await eventually(() => expect(client.user.serverToUserChannel?.subscribed).toBe(true))
  })

  it('answers the exact frames: signin_success with the user_data as signed', async () => {
    const raw = rawPusherSocket(server.baseUrl, CREDENTIALS.key)
    const socketId = await rawSocketId(raw)
    const signed = sdk.authenticateUser(socketId, { id: 'trader-9', role: 'desk' })
    raw.send('pusher:signin', signed)
    const success = await raw.next('pusher:signin_success')
    expect(typeof success.data).toBe('string')
    expect(JSON.parse(success.data as string)).toEqual({ user_data: signed.user_data })
  })

  it('refuses a forged signature or user_data without an id with pusher:error 4009, and the socket stays', async () => {
    const raw = rawPusherSocket(server.baseUrl, CREDENTIALS.key)
    const socketId = await rawSocketId(raw)
    const userData = JSON.stringify({ id: 'trader-7' })
    const forged = createHmac('sha256', 'not-the-secret')
      .update(`${socketId}::user::${userData}`)
      .digest('hex')
    raw.send('pusher:signin', { auth: `${CREDENTIALS.key}:${forged}`, user_data: userData })
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4009 })
    // Signed for another socket.
    raw.send('pusher:signin', sdk.authenticateUser('1.1', { id: 'trader-7' }))
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4009 })
    // Signed, but no id in it (the SDK itself would refuse to sign this).
    const noId = JSON.stringify({ name: 'nobody' })
    const noIdAuth = createHmac('sha256', CREDENTIALS.secret)
      .update(`${socketId}::user::${noId}`)
      .digest('hex')
    raw.send('pusher:signin', { auth: `${CREDENTIALS.key}:${noIdAuth}`, user_data: noId })
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4009 })
    expect(raw.frames.some((frame) => frame.event === 'pusher:signin_success')).toBe(false)

    // Not signed in: nobody's server-to-user channel is open to it.
    raw.send('pusher:subscribe', { channel: '#server-to-user-trader-7', auth: '' })
    expect((await raw.next('pusher:subscription_error')).data).toMatchObject({ status: 403 })
    raw.send('pusher:ping', {})
    await raw.next('pusher:pong')
    expect(raw.ws.readyState).toBe(raw.ws.OPEN)
  })

  it('refuses another user’s server-to-user channel to a signed-in socket', async () => {
    const raw = rawPusherSocket(server.baseUrl, CREDENTIALS.key)
    raw.send('pusher:signin', sdk.authenticateUser(await rawSocketId(raw), { id: 'trader-8' }))
    await raw.next('pusher:signin_success')
    raw.send('pusher:subscribe', { channel: '#server-to-user-trader-7', auth: '' })
    expect((await raw.next('pusher:subscription_error')).data).toMatchObject({ status: 403 })
  })
})

describe('sendToUser', () => {
  it('reaches every signed-in socket of that user, and no other socket', async () => {
    const [phone, desk, other] = await Promise.all([
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-7' }),
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-7' }),
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-8' }),
    ])
    const anonymous = await connectedPusher(server.baseUrl, CREDENTIALS.key)
    await subscribed(anonymous, 'lobby')
    const strays: unknown[] = []
    other.user.bind('margin-call', (data: unknown) => strays.push(data))
    anonymous.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) strays.push(data)
    })

    const onPhone = nextUserEvent(phone, 'margin-call')
    const onDesk = nextUserEvent(desk, 'margin-call')
    await sdk.sendToUser('trader-7', 'margin-call', { level: 0.5 })
    expect(await Promise.all([onPhone, onDesk])).toEqual([{ level: 0.5 }, { level: 0.5 }])
    // Events on one connection arrive in order: once trader-8's own is in, trader-7's would have been too.
    const own = nextUserEvent(other, 'statement')
    await sdk.sendToUser('trader-8', 'statement', { month: 5 })
    expect(await own).toEqual({ month: 5 })
    expect(strays).toEqual([])
    // The server-to-user channel is the user's, not one of the app's channels: it is not listed.
    expect(await getJson(sdk, '/channels')).toEqual({ channels: { lobby: {} } })
  })
})

describe('terminateUserConnections', () => {
  it('closes every socket of that user with 4009, pusher-js does not reconnect, others stay', async () => {
    const [phone, desk, other] = await Promise.all([
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-7' }),
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-7' }),
      signedIn(server.baseUrl, CREDENTIALS, sdk, { id: 'trader-8' }),
    ])
    const phoneCodes = closeCodesOf(phone)
    const deskCodes = closeCodesOf(desk)
    const phoneStates = statesOf(phone)

    await sdk.terminateUserConnections('trader-7')
    await eventually(() => {
      expect(phoneCodes).toContain(4009)
      expect(deskCodes).toContain(4009)
    })
    await eventually(() => expect(phone.connection.state).toBe('disconnected'))
    await sleep(1_500)
    expect(phoneStates).not.toContain('connecting')
    expect(desk.connection.state).toBe('disconnected')
    expect(other.connection.state).toBe('connected')
    // trader-8 still hears sendToUser.
    const stillThere = nextUserEvent(other, 'statement')
    await sdk.sendToUser('trader-8', 'statement', { month: 6 })
    expect(await stillThere).toEqual({ month: 6 })
    // A user with no sockets, or an id no socket could sign in with.
    await expect(sdk.terminateUserConnections('nobody')).resolves.toBeTruthy()
    expect(await statusOf(sdk.terminateUserConnections('trader:7'))).toBe(400)
  })

  it('sends pusher:error 4009 before the close frame', async () => {
    const raw = rawPusherSocket(server.baseUrl, CREDENTIALS.key)
    raw.send('pusher:signin', sdk.authenticateUser(await rawSocketId(raw), { id: 'trader-5' }))
    await raw.next('pusher:signin_success')
    await sdk.terminateUserConnections('trader-5')
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: 4009 })
    expect((await raw.closed).code).toBe(4009)
  })
})

describe('the app’s own POST /api/v1/broadcasting/user-auth', () => {
  it('signs pusher-js’s default user authenticator in as the caller; a sign-out of that session closes it', async () => {
    const token = await loginToken(server.app, DEMO_CUSTOMER)
    const me = await server.app.inject({ url: '/api/v1/user', headers: bearer(token) })
    const customerId = String((me.json() as { data: { id: number } }).data.id)
    // pusher-js's own authenticator (form-encoded POST), as Laravel Echo configures it.
    const client = await connectedPusher(server.baseUrl, CREDENTIALS.key, {
      userAuthentication: {
        transport: 'ajax',
        endpoint: `${server.baseUrl}/api/v1/broadcasting/user-auth`,
        headers: bearer(token),
      },
    })
    const success = waitFor('sign-in', (deliver) => client.bind('pusher:signin_success', deliver))
    client.signin()
    await success
    expect(client.user.user_data).toMatchObject({ id: customerId, user_info: { role: 'customer' } })
    const heard = nextUserEvent(client, 'statement')
    await sdk.sendToUser(customerId, 'statement', { month: 7 })
    expect(await heard).toEqual({ month: 7 })

    const codes = closeCodesOf(client)
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    })
    expect(logout.statusCode).toBeLessThan(300)
    await eventually(() => expect(codes).toContain(4009))
  })

  it('answers 401 without a session and 422 without a socket id', async () => {
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/user-auth',
      payload: { socket_id: '1.2' },
    })
    expect(unsigned.statusCode).toBe(401)
    const token = await loginToken(server.app, DEMO_CUSTOMER)
    const noSocket = await server.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/user-auth',
      headers: bearer(token),
      payload: { socket_id: 'not-a-socket' },
    })
    expect(noSocket.statusCode).toBe(422)
  })
})

describe('an unknown WebSocket path', () => {
  it('is upgraded and closed with 4005, on which pusher-js gives up', async () => {
    const port = new URL(server.baseUrl).port
    const stray = new WebSocket(`ws://127.0.0.1:${port}/not-pusher/${CREDENTIALS.key}?protocol=7`)
    stray.on('error', () => undefined)
    afterThis(() => stray.terminate())
    const frames: unknown[] = []
    stray.on('message', (data) => frames.push(JSON.parse(String(data))))
    const code = await waitFor<number>('close', (deliver) =>
      stray.on('close', (closeCode) => deliver(closeCode)),
    )
    expect(code).toBe(4005)
    expect(frames).toEqual([{ event: 'pusher:error', data: { code: 4005, message: 'Path not found' } }])

    // pusher-js with a wrong wsPath: it reports 4005 and stays disconnected.
    const client = pusherClient(server.baseUrl, CREDENTIALS.key, { wsPath: '/socket' })
    const states = statesOf(client)
    const failure = await waitFor<{ error?: { data?: { code?: number } } }>('connection error', (deliver) =>
      client.connection.bind('error', deliver),
    )
    expect(failure.error?.data?.code).toBe(4005)
    await sleep(2_000)
    expect(states).toEqual(['disconnected'])
  })
})
