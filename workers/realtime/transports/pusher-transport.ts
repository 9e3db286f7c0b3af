// Runs in the realtime hub (SharedWorker or dedicated Worker): the browser's one Pusher connection, through
// pusher-js's worker build (no DOM, fetch instead of XHR). The only module that imports pusher-js.
import Pusher from 'pusher-js/worker'
import { CONNECTION_STATUS, REALTIME_TIMINGS } from '../../../src/domain/contract/realtime'
import { describePusherError, endedSessionOf, mapPusherState } from './pusher-states'
import type { PresenceMember } from '../protocol'
import type { CreatePushTransport } from './types'

/** What the hub needs of pusher-js's presence `Members`: each member, and this socket's own id. */
interface MembersLike {
  each: (callback: (member: { id: unknown; info: unknown }) => void) => void
  myID: unknown
}

const PRESENCE_PREFIX = 'presence-'

export const createPusherTransport: CreatePushTransport = (options) => {
  let disconnectRequested = false
  let lastError: string | undefined

  const pusher = new Pusher(options.key, {
    cluster: options.cluster,
    wsHost: options.wsHost,
    wsPort: options.wsPort,
    wssPort: options.wsPort,
    forceTLS: options.forceTLS,
    // A self-hosted broker speaks WebSocket only and has no stats endpoint.
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: REALTIME_TIMINGS.ACTIVITY_TIMEOUT_MS,
    pongTimeout: REALTIME_TIMINGS.PONG_TIMEOUT_MS,
    unavailableTimeout: REALTIME_TIMINGS.UNAVAILABLE_TIMEOUT_MS,
    // The hub holds the token, so it signs channels itself rather than letting pusher-js post a form.
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        options.authorize(channelName, socketId).then(
          (auth) => callback(null, auth),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        )
      },
    },
  })

  pusher.connection.bind('error', (error: unknown) => {
    lastError = describePusherError(error) ?? lastError
    const sessionId = endedSessionOf(error)
    if (sessionId !== undefined) options.onSessionEnded?.(sessionId)
  })
  pusher.connection.bind('state_change', ({ current }: { previous: string; current: string }) => {
    const status = mapPusherState(current, disconnectRequested)
    if (status === null) return
    if (status === CONNECTION_STATUS.CONNECTED) lastError = undefined
    options.onStatus(status, status === CONNECTION_STATUS.FAILED ? lastError : undefined)
  })

  const bindChannel = (name: string) => {
    const channel = pusher.subscribe(name)
    // pusher-js hands back the same Channel when a cancelled subscription is reinstated: start from clean.
    channel.unbind_all()
    channel.bind_global((event: string, data: unknown) => {
      if (event.startsWith('pusher:') || event.startsWith('pusher_internal:')) return
      options.onEvent(name, event, data)
    })
    channel.bind('pusher:subscription_succeeded', () => options.onSubscribed?.(name))
    if (name.startsWith(PRESENCE_PREFIX)) {
      // pusher-js has updated the channel's members before each of these: the hub gets the whole list every time.
      const members = (channel as unknown as { members: MembersLike }).members
      const report = () => {
        const list: PresenceMember[] = []
        members.each((member) => list.push({ id: String(member.id), info: member.info ?? null }))
        options.onMembers?.(name, { members: list, me: members.myID == null ? null : String(members.myID) })
      }
      channel.bind('pusher:subscription_succeeded', report)
      channel.bind('pusher:member_added', report)
      channel.bind('pusher:member_removed', report)
    }
    channel.bind('pusher:subscription_error', (status: unknown) => {
      const reason =
        typeof status === 'object' &&
        status !== null &&
        typeof (status as { error?: unknown }).error === 'string'
          ? (status as { error: string }).error
          : 'Channel authorisation failed'
      options.onSubscriptionError(name, reason)
    })
  }

  return {
    subscribe: bindChannel,
    unsubscribe(name) {
      pusher.channel(name)?.unbind_all()
      pusher.unsubscribe(name)
    },
    reconnect() {
      // docs/product/realtime.md#connection-status: reconnect disconnects, then connects; pusher-js resubscribes
      // every channel on connect.
      disconnectRequested = true
      pusher.disconnect()
      disconnectRequested = false
      pusher.connect()
    },
    disconnect() {
      disconnectRequested = true
      pusher.disconnect()
      pusher.unbind_all()
      pusher.connection.unbind()
    },
    ping(timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        if (pusher.connection.state !== 'connected') {
          reject(new Error('Not connected'))
          return
        }
        // Every frame, the pong included, passes the connection's `message` event (pusher-js ConnectionManager).
        const onMessage = (message: { event?: string }) => {
          if (message.event !== 'pusher:pong') return
          finish()
          resolve()
        }
        const timer = setTimeout(() => {
          finish()
          reject(new Error('No pong'))
        }, timeoutMs)
        const finish = () => {
          clearTimeout(timer)
          pusher.connection.unbind('message', onMessage)
        }
        pusher.connection.bind('message', onMessage)
        pusher.connection.send_event('pusher:ping', {})
      })
    },
  }
}
