// Laravel Echo (pusher broadcaster, over the unmodified pusher-js) against one instance and the app's own routes:
// `private(...).listen` authorised by POST /broadcasting/auth, Echo's namespaced and dotted event names, presence
// `here` / `joining` / `leaving` on presence-admin.online with each member's name and role, and user authentication
// through POST /broadcasting/user-auth, after which the SDK's sendToUser reaches the socket (decision 0036).
import Echo from 'laravel-echo'
import type PusherServer from 'pusher'
import Pusher from 'pusher-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PRESENCE_CHANNEL, CHANNELS } from '../../src/domain/contract'
import { newAdmin } from '../integration/support/back-office'
import { portOf, waitFor } from '../integration/support/realtime-clients'
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  listenTestApp,
  loginToken,
  type ListeningServer,
} from '../integration/support/test-server'
import { sdkFor, type Credentials } from './support/pusher'

const CREDENTIALS: Credentials = { appId: '686868', key: 'echo-key', secret: 'echo-secret-2f90a' }

let server: ListeningServer
let sdk: PusherServer
const echoes: Echo<'pusher'>[] = []

beforeAll(async () => {
  server = await listenTestApp({ realtime: { pusher: CREDENTIALS, prices: { ticksPerSecond: 0 } } })
  sdk = sdkFor(server.baseUrl, CREDENTIALS)
})
afterEach(() => {
  for (const echo of echoes.splice(0)) echo.disconnect()
})
afterAll(async () => {
  for (const echo of echoes.splice(0)) echo.disconnect()
  await server?.close()
})

/** Echo as a Laravel app's front end sets it up, with the bearer token the app's API takes. */
async function echoFor(token: string): Promise<Echo<'pusher'>> {
  const port = portOf(server.baseUrl)
  const echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: CREDENTIALS.key,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${server.baseUrl}/api/v1/broadcasting/auth`,
    userAuthentication: {
      endpoint: `${server.baseUrl}/api/v1/broadcasting/user-auth`,
      transport: 'ajax',
      headers: {},
    },
    bearerToken: token,
  })
  echoes.push(echo)
  await waitFor('echo connected', (deliver) => echo.connector.pusher.connection.bind('connected', deliver))
  return echo
}

async function idOf(token: string): Promise<number> {
  const me = await server.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } })
  return (me.json() as { data: { id: number } }).data.id
}

/** Echo hands `here`, `joining` and `leaving` each member's user_info. */
interface Member {
  name: string
  role: string
}

describe('laravel-echo', () => {
  it('listens on a private channel, by dotted and by namespaced event names', async () => {
    const token = await loginToken(server.app, DEMO_CUSTOMER)
    const id = await idOf(token)
    const echo = await echoFor(token)
    const channel = echo.private(`user.${id}`)
    await waitFor('private subscription', (deliver) => channel.subscribed(deliver))
    const dotted = waitFor<unknown>('.probe', (deliver) => channel.listen('.probe', deliver))
    const namespaced = waitFor<unknown>('OrderShipped', (deliver) => channel.listen('OrderShipped', deliver))
    await sdk.trigger(CHANNELS.user(id), 'probe', { n: 1 })
    await sdk.trigger(CHANNELS.user(id), 'App\\Events\\OrderShipped', { order: 7 })
    expect(await dotted).toEqual({ n: 1 })
    expect(await namespaced).toEqual({ order: 7 })

    // Another user's channel is refused at /broadcasting/auth: Echo reports the error.
    const refused = waitFor<unknown>('refusal', (deliver) => echo.private(`user.${id + 1000}`).error(deliver))
    expect(await refused).toMatchObject({ status: 403 })
  })

  it('joins presence-admin.online: here, joining and leaving carry each admin’s name and role', async () => {
    const first = await echoFor(await loginToken(server.app, DEMO_ADMIN))
    const second = await newAdmin(server.app)
    const room = first.join(ADMIN_PRESENCE_CHANNEL.replace(/^presence-/, ''))
    const here = await waitFor<Member[]>('here', (deliver) => room.here(deliver))
    expect(here).toHaveLength(1)
    expect(here[0]?.role).toBe('admin')

    const joined = waitFor<Member>('joining', (deliver) => room.joining(deliver))
    const secondEcho = await echoFor(second.token)
    secondEcho.join('admin.online')
    expect(await joined).toEqual({ name: 'Second Officer', role: 'admin' })

    const left = waitFor<Member>('leaving', (deliver) => room.leaving(deliver))
    secondEcho.leave('admin.online')
    expect(await left).toEqual({ name: 'Second Officer', role: 'admin' })

    // A customer is not let in.
    const customer = await echoFor(await loginToken(server.app, DEMO_CUSTOMER))
    const refused = waitFor<unknown>('refusal', (deliver) => customer.join('admin.online').error(deliver))
    expect(await refused).toMatchObject({ status: 403 })
  })

  it('signs the user in through /broadcasting/user-auth, and sendToUser reaches them', async () => {
    const token = await loginToken(server.app, DEMO_CUSTOMER)
    const id = await idOf(token)
    const echo = await echoFor(token)
    const pusher = echo.connector.pusher
    const signedIn = waitFor<{ user_data: string }>('signin', (deliver) =>
      pusher.bind('pusher:signin_success', deliver),
    )
    echo.connector.signin()
    expect(JSON.parse((await signedIn).user_data)).toMatchObject({ id: String(id) })

    const notice = waitFor<unknown>('user event', (deliver) => pusher.user.bind('notice', deliver))
    await sdk.sendToUser(String(id), 'notice', { text: 'Margin call' })
    expect(await notice).toEqual({ text: 'Margin call' })
  })
})
