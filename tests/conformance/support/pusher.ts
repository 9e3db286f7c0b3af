// What the conformance files share: the official `pusher` SDK pointed at a test server, and pusher-js clients that
// subscribe or sign in exactly as an app using them would. Both are unmodified; the servers and the clients' plumbing
// are the integration suite's (tests/integration/support).
import PusherServer from 'pusher'
import type Pusher from 'pusher-js'
import type { ChannelAuthorizationHandler, UserAuthenticationHandler } from 'pusher-js'
import { connectedPusher, portOf, waitFor } from '../../integration/support/realtime-clients'

export interface Credentials {
  appId: string
  key: string
  secret: string
}

export function sdkFor(baseUrl: string, credentials: Credentials): PusherServer {
  return new PusherServer({
    ...credentials,
    host: '127.0.0.1',
    port: String(portOf(baseUrl)),
    useTLS: false,
  })
}

/** The status the SDK's RequestError carries, or 'resolved' when the call succeeded. */
export async function statusOf(call: Promise<unknown>): Promise<number | 'resolved'> {
  try {
    await call
    return 'resolved'
  } catch (error) {
    const status = (error as { status?: unknown }).status
    if (typeof status === 'number') return status
    throw error
  }
}

/** A GET through the SDK, its JSON answer. */
export async function getJson<T = unknown>(
  sdk: PusherServer,
  path: string,
  params?: Record<string, string>,
): Promise<T> {
  const response = await sdk.get({ path, ...(params ? { params } : {}) })
  return (await response.json()) as T
}

/** A pusher-js client whose private and presence channels the app's backend signs with the SDK (`presence` on presence channels). */
export function memberOf(
  baseUrl: string,
  credentials: Credentials,
  sdk: PusherServer,
  presence?: { user_id: string; user_info?: Record<string, unknown> },
): Promise<Pusher> {
  // The member's data is signed on presence channels only, as an app's backend does.
  const handler: ChannelAuthorizationHandler = ({ socketId, channelName }, callback) =>
    callback(
      null,
      sdk.authorizeChannel(socketId, channelName, channelName.startsWith('presence-') ? presence : undefined),
    )
  return connectedPusher(baseUrl, credentials.key, { channelAuthorization: { customHandler: handler } })
}

export function subscribed(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName)
  return waitFor<unknown>(`subscription to ${channelName}`, (deliver) =>
    channel.bind('pusher:subscription_succeeded', deliver),
  ).then((data) => ({ channel, data }))
}

/**
 * pusher-js signed in as a user: `userAuthentication.customHandler` answered by the SDK's `authenticateUser`, then
 * `pusher.signin()`; resolves once the server said `pusher:signin_success`.
 */
export async function signedIn(
  baseUrl: string,
  credentials: Credentials,
  sdk: PusherServer,
  user: { id: string; [field: string]: unknown },
): Promise<Pusher> {
  const handler: UserAuthenticationHandler = ({ socketId }, callback) =>
    callback(null, sdk.authenticateUser(socketId, user))
  const client = await connectedPusher(baseUrl, credentials.key, {
    userAuthentication: { customHandler: handler },
  })
  const success = waitFor<{ user_data: string }>(`sign-in of ${user.id}`, (deliver) =>
    client.bind('pusher:signin_success', deliver),
  )
  client.signin()
  await success
  return client
}

/** The next event `sendToUser` delivers to this signed-in client. */
export function nextUserEvent<T = unknown>(client: Pusher, event: string, timeoutMs?: number): Promise<T> {
  return waitFor<T>(
    `${event} for the signed-in user`,
    (deliver) => client.user.bind(event, deliver),
    timeoutMs,
  )
}

/** Codes pusher-js reports for a closed connection: { data: { code } } after the handshake. */
export function closeCodesOf(client: Pusher): number[] {
  const codes: number[] = []
  type CloseError = { data?: { code?: number }; error?: { data?: { code?: number } } }
  client.connection.bind('error', (error: CloseError) => {
    const code = error.data?.code ?? error.error?.data?.code
    if (code !== undefined) codes.push(code)
  })
  return codes
}

export function statesOf(client: Pusher): string[] {
  const states: string[] = []
  client.connection.bind('state_change', (change: { current: string }) => states.push(change.current))
  return states
}
