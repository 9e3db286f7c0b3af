// The one Pusher connection: open while any tab wants a channel, its status and message, the once-per-outage
// toasts, the channels' events delivered to their tabs, and the reconnect nudge when the server is heard from.
import {
  BroadcastingAuthResponseSchema,
  CONNECTION_STATUS,
  PRIVATE_CHANNEL_PATTERN,
  PUSH_EVENTS,
  type ConnectionStatus,
} from '../../../src/domain/contract/realtime'
import type { SessionRevokedEvent } from '../../../src/domain/contract/sessions'
import { resolvePusherEndpoint } from '../endpoints'
import {
  DEFAULT_FAILURE_MESSAGE,
  TOAST_DURATION_MS,
  TOAST_TEXT,
  type HubConfig,
  type PresenceMembers,
} from '../protocol'
import type { ChannelAuth, CreatePushTransport, PushTransport } from '../transports/types'
import type { HubContext } from './environment'
import type { ApiRequest } from './http'
import { isRecord } from './is-record'
import type { Polling } from './polling'
import type { TabRegistry } from './tab-registry'
import { HUB_TIMINGS } from './timings'

export interface PushChannelsDeps extends HubContext {
  createTransport: CreatePushTransport
  request: ApiRequest
  /** Where the socket goes when the settings omit the host. */
  socketOrigin: () => URL
  tabs: Pick<
    TabRegistry,
    'channels' | 'hasChannel' | 'hasChannels' | 'emit' | 'sendToChannel' | 'showToast' | 'playSound'
  >
  polling: Pick<Polling, 'noteChatMessage' | 'onSubscribed' | 'refetchMissed'>
  /** Status or message changed: the polling fallback follows, and the tabs are told. */
  onStatusChanged: () => void
  /** The idle delay ran out: everything is weighed again. */
  reconcile: () => void
}

export function createPushChannels(deps: PushChannelsDeps) {
  const { clock, log, config, tabs, polling } = deps
  let push: PushTransport | null = null
  let pushGeneration = 0
  let pushStatus: ConnectionStatus = CONNECTION_STATUS.DISCONNECTED
  let pushMessage: string | null = null
  let pushEverConnected = false
  /** Which toasts this outage has shown: each once per outage, whatever the transport does meanwhile. */
  let outage = { active: false, reconnecting: false, failed: false }
  /**
   * The channels whose subscription the service has confirmed on this connection: events on them reach the tabs.
   * pusher-js subscribes again after every reconnect, and confirms again.
   */
  const confirmed = new Set<string>()
  /**
   * Each presence channel's members as the service last told them, kept for a tab that joins the channel later.
   * Only read while the channel is confirmed: after a reconnect, the new confirmation brings the list afresh.
   */
  const presence = new Map<string, PresenceMembers>()
  let pushIdleTimer: unknown = null
  let lastPushNudgeAt = Number.NEGATIVE_INFINITY

  function onPushStatus(status: ConnectionStatus, reason?: string): void {
    const message = status === CONNECTION_STATUS.FAILED ? reason || DEFAULT_FAILURE_MESSAGE : null
    if (status === pushStatus && message === pushMessage) return
    pushStatus = status
    pushMessage = message
    if (status !== CONNECTION_STATUS.CONNECTED) confirmed.clear()
    if (status === CONNECTION_STATUS.CONNECTED) {
      const recovered = outage.active
      const reconnected = pushEverConnected
      pushEverConnected = true
      outage = { active: false, reconnecting: false, failed: false }
      if (recovered) {
        tabs.showToast({
          kind: 'connected',
          message: TOAST_TEXT.CONNECTED,
          durationMs: TOAST_DURATION_MS.CONNECTED,
        })
      }
      if (reconnected) polling.refetchMissed()
    } else if (status === CONNECTION_STATUS.CONNECTING) {
      // The first connection of a session is not a *re*connection: no toast for it.
      if ((pushEverConnected || outage.active) && !outage.reconnecting) {
        outage = { ...outage, active: true, reconnecting: true }
        tabs.showToast({ kind: 'connecting', message: TOAST_TEXT.CONNECTING })
      }
    } else if (status === CONNECTION_STATUS.FAILED && !outage.failed) {
      outage = { ...outage, active: true, failed: true }
      tabs.showToast({
        kind: 'failed',
        message: TOAST_TEXT.failed(reason),
        durationMs: TOAST_DURATION_MS.FAILED,
      })
    }
    deps.onStatusChanged()
  }

  async function authorize(channelName: string, socketId: string): Promise<ChannelAuth> {
    const body = await deps.request('POST', '/broadcasting/auth', {
      socket_id: socketId,
      channel_name: channelName,
    })
    const parsed = BroadcastingAuthResponseSchema.safeParse(body)
    if (!parsed.success) throw new Error('Invalid channel authorisation from the server')
    return parsed.data
  }

  function onPushEvent(channel: string, event: string, data: unknown): void {
    // A message the catch-up poll after a reconnect already delivered can still arrive by socket (it was published
    // as the subscription came back): each message reaches the tabs once, whichever path was first.
    if (event === PUSH_EVENTS.MESSAGE_SENT && isRecord(data) && isRecord(data.message)) {
      if (!polling.noteChatMessage(channel, data.message)) return
    }
    tabs.emit(channel, event, data)
    if (event === PUSH_EVENTS.NOTIFICATION_MESSAGE && tabs.hasChannel(channel)) tabs.playSound()
  }

  /**
   * The broker closed the socket because this browser's session was signed out, before any session.revoked could
   * reach it: the user channel's tabs hear that event from here instead, and check their session (a 401 clears it,
   * and with the token gone the hub closes everything, so nothing retries).
   */
  function onSessionEnded(sessionId: number): void {
    const event: SessionRevokedEvent = { session_id: sessionId }
    for (const channel of tabs.channels()) {
      if (PRIVATE_CHANNEL_PATTERN.exec(channel)?.[1] === 'user') {
        tabs.emit(channel, PUSH_EVENTS.SESSION_REVOKED, event)
      }
    }
  }

  function connect(endpoints: NonNullable<HubConfig['realtime']>): void {
    const generation = ++pushGeneration
    const current = () => generation === pushGeneration
    confirmed.clear()
    pushEverConnected = false
    outage = { active: false, reconnecting: false, failed: false }
    pushStatus = CONNECTION_STATUS.CONNECTING
    pushMessage = null
    const endpoint = resolvePusherEndpoint(endpoints.pusher, deps.socketOrigin())
    push = deps.createTransport({
      ...endpoint,
      authorize,
      onStatus: (status, reason) => {
        if (current()) onPushStatus(status, reason)
      },
      onEvent: (channel, event, data) => {
        if (current()) onPushEvent(channel, event, data)
      },
      onSubscribed: (channel) => {
        if (!current()) return
        confirmed.add(channel)
        polling.onSubscribed(channel)
      },
      onMembers: (channel, members) => {
        if (!current() || !tabs.hasChannel(channel)) return
        presence.set(channel, members)
        tabs.sendToChannel(channel, { type: 'members', channel, presence: members })
      },
      onSessionEnded: (sessionId) => {
        if (current()) onSessionEnded(sessionId)
      },
      onSubscriptionError: (channel, reason) => {
        if (!current()) return
        // Also after a confirmation: the broker ends a deactivated account's channels this way (decision 0036).
        confirmed.delete(channel)
        presence.delete(channel)
        log.warn('[realtime] subscription refused', channel, reason)
        tabs.sendToChannel(channel, { type: 'channelError', channel, message: reason })
      },
    })
    for (const channel of tabs.channels()) push.subscribe(channel)
  }

  function close(): void {
    if (pushIdleTimer !== null) clock.clearTimeout(pushIdleTimer)
    pushIdleTimer = null
    if (!push) return
    const transport = push
    push = null
    pushGeneration += 1
    confirmed.clear()
    pushEverConnected = false
    outage = { active: false, reconnecting: false, failed: false }
    pushStatus = CONNECTION_STATUS.DISCONNECTED
    pushMessage = null
    presence.clear()
    transport.disconnect()
  }

  return {
    close,

    get status(): ConnectionStatus {
      return pushStatus
    },
    get message(): string | null {
      return pushMessage
    },

    subscribe(channel: string): void {
      push?.subscribe(channel)
    },
    unsubscribe(channel: string): void {
      confirmed.delete(channel)
      presence.delete(channel)
      push?.unsubscribe(channel)
    },
    /** Events on the channel reach the tabs: the service confirmed its subscription on this connection. */
    isConfirmed(channel: string): boolean {
      return confirmed.has(channel)
    },
    /** A confirmed presence channel's members, for a tab that joins it; null otherwise. */
    membersOf(channel: string): PresenceMembers | null {
      return confirmed.has(channel) ? (presence.get(channel) ?? null) : null
    },
    reconnect(): void {
      push?.reconnect()
    },

    /**
     * The server answered (an HTTP call, or the price feed reconnected) while Pusher is down in an outage:
     * reconnect it now. pusher-js retries on its own schedule, which after a server restart left
     * 'Reconnecting...' up ~11 s after the server was back (the realtime e2e measured 11.5 and 12.4 s); the price
     * feed's socket.io is back in 2-5 s and the chat poll every 5 s. Only in an outage (a first connection is
     * never cut short), and at most once per PUSH_NUDGE_MIN_GAP_MS, so a broker that stays down (another host) is
     * not hammered.
     */
    onServerAnswered(): void {
      if (!push || !outage.active || pushStatus === CONNECTION_STATUS.CONNECTED) return
      const now = clock.now()
      if (now - lastPushNudgeAt < HUB_TIMINGS.PUSH_NUDGE_MIN_GAP_MS) return
      lastPushNudgeAt = now
      push.reconnect()
    },

    /** Open while signed in with endpoints and a tab wants a channel; closed IDLE_DISCONNECT_MS after the last. */
    reconcile(): void {
      const endpoints = config().realtime
      if (!config().token || !endpoints) return close()
      if (!tabs.hasChannels()) {
        if (push && pushIdleTimer === null) {
          pushIdleTimer = clock.setTimeout(() => {
            pushIdleTimer = null
            if (!tabs.hasChannels()) close()
            deps.reconcile()
          }, HUB_TIMINGS.IDLE_DISCONNECT_MS)
        }
        return
      }
      if (pushIdleTimer !== null) clock.clearTimeout(pushIdleTimer)
      pushIdleTimer = null
      if (!push) connect(endpoints)
    },

    async ping(): Promise<number | null> {
      if (!push || pushStatus !== CONNECTION_STATUS.CONNECTED) return null
      const startedAt = clock.now()
      try {
        await push.ping(HUB_TIMINGS.PING_TIMEOUT_MS)
        return clock.now() - startedAt
      } catch {
        return null
      }
    },

    snapshot: () => ({ open: push !== null, status: pushStatus }),
  }
}
