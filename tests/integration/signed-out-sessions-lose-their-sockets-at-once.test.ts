// A signed-out session loses its sockets at once (decision 0033). However it is signed out (from another device,
// "sign out all others", a password change or a reset), the Pusher socket it authorised is closed by the server with
// 4009 within 2 s, after a pusher:error naming the session, and hears no channel event before that, not even what is
// published right after the sign-out (a support message, a notification, user.updated), while the user's other
// devices go on hearing it all. Signing out on the device itself (POST /auth/logout) closes its socket the same way. Its price socket is dropped and its token refused by the feed; anonymous price
// sockets stay. An authorisation whose token was checked just before the sign-out cannot keep its socket either.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, API_PREFIX, CHANNELS, PRICE_FEED, PUSH_EVENTS } from '../../src/domain/contract'
import {
  CHROME_ON_WINDOWS,
  customerWithPassword,
  FIREFOX_ON_LINUX,
  latestMails,
  ROOMY_ACCOUNT_RATE_LIMITS,
  SAFARI_ON_IPHONE,
  signedIn,
  tokenInMail,
  userStatus,
} from './support/account'
import { call, pusherKeyOf } from './support/back-office'
import { closeAllClients, eventually, rawPusherSocket } from './support/realtime-clients'
import {
  customerChannels,
  priceDevice,
  priceHandshake,
  PUBLISHED_TO_CUSTOMER,
  publishToCustomer,
  pusherDevice,
  sessionIdOf,
  signOutSessionOf,
  within,
  type PusherDevice,
} from './support/signed-in-devices'
import { bearer, DEMO_ADMIN, listenTestApp, loginToken, type ListeningServer } from './support/test-server'

let server: ListeningServer
let pusherKey: string
let priceKey: string
let adminToken: string

beforeAll(async () => {
  server = await listenTestApp({
    rateLimits: ROOMY_ACCOUNT_RATE_LIMITS,
    realtime: { prices: { ticksPerSecond: 0 } },
  })
  pusherKey = await pusherKeyOf(server.app)
  const settings = await server.app.inject({ url: `${API_PREFIX}/settings` })
  priceKey = settings.json().data.realtime.prices.apiKey as string
  adminToken = await loginToken(server.app, DEMO_ADMIN)
})
afterEach(() => closeAllClients())
afterAll(async () => {
  await server?.close()
})

type Holder = Awaited<ReturnType<typeof customerWithPassword>>

interface Device {
  token: string
  sessionId: number
  socket: PusherDevice
}

/** A signed-in device whose socket holds the customer's user, notification and chat channels. */
async function device(holder: Holder, userAgent: string): Promise<Device> {
  const token = await signedIn(server.app, holder, userAgent)
  const channels = customerChannels(holder.id)
  const socket = await pusherDevice({ baseUrl: server.baseUrl, pusherKey, token, channels })
  return { token, sessionId: await sessionIdOf(server.app, token), socket }
}

/** Starts the 2 s watch on each signed-out device; awaited once the events are published. */
function closing(devices: readonly Device[]) {
  return Promise.all(
    devices.map((signedOut) => within('the server to close the socket', signedOut.socket.closed)),
  )
}

/**
 * The signed-out devices were closed with 4009 naming their session, and heard no channel event since `marks`; the
 * device still signed in heard everything published (so it was published, and would have reached them).
 */
async function expectOnlyTheLiveDeviceHeard(
  closes: ReturnType<typeof closing>,
  signedOut: readonly Device[],
  marks: readonly number[],
  live: Device,
  liveMark: number,
): Promise<void> {
  const closed = await closes
  signedOut.forEach((gone, index) => {
    expect(closed[index]).toEqual({
      code: 4009,
      error: { code: 4009, message: 'Session signed out', session_id: gone.sessionId },
    })
  })
  await eventually(() =>
    expect(live.socket.channelEventsFrom(liveMark).map((frame) => frame.event)).toEqual(
      expect.arrayContaining(PUBLISHED_TO_CUSTOMER),
    ),
  )
  signedOut.forEach((gone, index) => expect(gone.socket.channelEventsFrom(marks[index] ?? 0)).toEqual([]))
  expect(live.socket.client.connection.state).toBe('connected')
}

describe('a signed-out session', () => {
  it('DELETE /user/sessions/{id}: its socket is closed within 2 s and hears nothing published after', async () => {
    const holder = await customerWithPassword(server.app)
    const phone = await device(holder, SAFARI_ON_IPHONE)
    const desk = await device(holder, CHROME_ON_WINDOWS)
    const [phoneMark, deskMark] = [phone.socket.frames.length, desk.socket.frames.length]

    const response = await call(server.app, desk.token, 'DELETE', `/user/sessions/${phone.sessionId}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.SESSION_SIGNED_OUT })
    const closes = closing([phone])
    await publishToCustomer(adminToken, holder.id, server.app)

    await expectOnlyTheLiveDeviceHeard(closes, [phone], [phoneMark], desk, deskMark)
    // The desk's tabs were told which session went, as before.
    const revoked = desk.socket
      .channelEventsFrom(deskMark)
      .find((frame) => frame.event === PUSH_EVENTS.SESSION_REVOKED)
    expect(revoked).toMatchObject({
      channel: CHANNELS.user(holder.id),
      data: { session_id: phone.sessionId },
    })
  })

  it('"sign out all others": every other session\'s socket closes, the caller\'s stays', async () => {
    const holder = await customerWithPassword(server.app)
    const phone = await device(holder, SAFARI_ON_IPHONE)
    const laptop = await device(holder, FIREFOX_ON_LINUX)
    const desk = await device(holder, CHROME_ON_WINDOWS)
    const marks = [phone.socket.frames.length, laptop.socket.frames.length]
    const deskMark = desk.socket.frames.length

    const response = await call(server.app, desk.token, 'DELETE', '/user/sessions?others=true')
    expect(response.statusCode, response.body).toBe(200)
    const closes = closing([phone, laptop])
    await publishToCustomer(adminToken, holder.id, server.app)

    await expectOnlyTheLiveDeviceHeard(closes, [phone, laptop], marks, desk, deskMark)
  })

  it("a password change closes every other session's socket", async () => {
    const holder = await customerWithPassword(server.app)
    const phone = await device(holder, SAFARI_ON_IPHONE)
    const desk = await device(holder, CHROME_ON_WINDOWS)
    const [phoneMark, deskMark] = [phone.socket.frames.length, desk.socket.frames.length]

    const response = await call(server.app, desk.token, 'POST', '/user/password', {
      current_password: holder.password,
      password: 'Changed5678!',
      password_confirmation: 'Changed5678!',
    })
    expect(response.statusCode, response.body).toBe(200)
    const closes = closing([phone])
    await publishToCustomer(adminToken, holder.id, server.app)

    await expectOnlyTheLiveDeviceHeard(closes, [phone], [phoneMark], desk, deskMark)
  })

  it("POST /auth/logout closes that device's socket too, and only its own", async () => {
    const holder = await customerWithPassword(server.app)
    const phone = await device(holder, SAFARI_ON_IPHONE)
    const desk = await device(holder, CHROME_ON_WINDOWS)
    const [phoneMark, deskMark] = [phone.socket.frames.length, desk.socket.frames.length]

    const response = await call(server.app, phone.token, 'POST', '/auth/logout', {})
    expect(response.statusCode, response.body).toBe(200)
    const closes = closing([phone])
    await publishToCustomer(adminToken, holder.id, server.app)

    await expectOnlyTheLiveDeviceHeard(closes, [phone], [phoneMark], desk, deskMark)
  })

  it('a password reset closes the socket of every session', async () => {
    const holder = await customerWithPassword(server.app)
    const phone = await device(holder, SAFARI_ON_IPHONE)
    const desk = await device(holder, CHROME_ON_WINDOWS)
    const marks = [phone.socket.frames.length, desk.socket.frames.length]
    const forgot = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth/forgot-password`,
      payload: { email: holder.email },
    })
    expect(forgot.statusCode, forgot.body).toBe(200)
    const mail = (await latestMails(server.app)).find((row) => row.to === holder.email)
    if (!mail) throw new Error('no reset mail')

    const reset = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth/reset-password`,
      payload: {
        token: tokenInMail(mail.text),
        password: 'Reset56789!',
        password_confirmation: 'Reset56789!',
      },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    const closes = closing([phone, desk])
    await publishToCustomer(adminToken, holder.id, server.app)

    // A device signed in afterwards hears what is published from then on; the two old ones heard none of it.
    const fresh = await device({ ...holder, password: 'Reset56789!' }, FIREFOX_ON_LINUX)
    const freshMark = fresh.socket.frames.length
    await publishToCustomer(adminToken, holder.id, server.app)
    await expectOnlyTheLiveDeviceHeard(closes, [phone, desk], marks, fresh, freshMark)
  })

  it('loses its price socket, and the feed refuses its token; anonymous and other sessions keep theirs', async () => {
    const holder = await customerWithPassword(server.app)
    const phoneToken = await signedIn(server.app, holder, SAFARI_ON_IPHONE)
    const deskToken = await signedIn(server.app, holder, CHROME_ON_WINDOWS)
    const phone = await priceDevice(server.baseUrl, priceKey, phoneToken)
    const desk = await priceDevice(server.baseUrl, priceKey, deskToken)
    const anonymous = await priceDevice(server.baseUrl, priceKey)

    await signOutSessionOf(server.app, deskToken, phoneToken)

    expect(await within('the price socket dropped', phone.disconnected)).toBe('io server disconnect')
    expect(await priceHandshake(server.baseUrl, { apiKey: priceKey, token: phoneToken })).toBe(
      PRICE_FEED.UNAUTHORIZED,
    )
    expect(await priceHandshake(server.baseUrl, { apiKey: priceKey, token: 'not-a-token' })).toBe(
      PRICE_FEED.UNAUTHORIZED,
    )
    expect(await priceHandshake(server.baseUrl, { apiKey: priceKey, token: deskToken })).toBe('connected')
    expect(await priceHandshake(server.baseUrl, { apiKey: priceKey })).toBe('connected')
    expect([desk.socket.connected, anonymous.socket.connected]).toEqual([true, true])
  })

  it('cannot keep a socket through an authorisation whose token was checked just before the sign-out', async () => {
    const holder = await customerWithPassword(server.app)
    const token = await signedIn(server.app, holder)
    const sessionId = await sessionIdOf(server.app, token)
    const raw = rawPusherSocket(server.baseUrl, pusherKey)
    const established = await raw.next('pusher:connection_established')
    const socketId = (JSON.parse(String(established.data)) as { socket_id: string }).socket_id

    // The revocation lands on the broker between the request's token check and its noting the socket's owner:
    // the token still passes here, as it did for that request.
    server.app.realtime.broker?.closeSessions([sessionId])
    const signed = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/broadcasting/auth`,
      headers: bearer(token),
      payload: { socket_id: socketId, channel_name: CHANNELS.user(holder.id) },
    })
    expect(signed.statusCode, signed.body).toBe(200)

    expect(await within('the socket closed', raw.closed)).toEqual({
      code: 4009,
      reason: 'Session signed out',
    })
    expect(await userStatus(server.app, token)).toBe(200)
  })
})
