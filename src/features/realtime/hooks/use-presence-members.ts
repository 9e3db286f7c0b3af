import { useEffect, useState } from 'react'
import type { PresenceMembers } from '../../../lib/realtime-client'
import { useRealtimeClient } from '../client-store'

/**
 * A presence channel's members while mounted, live as they come and go (through the hub, which holds the one
 * subscription for every tab). Null until the service has confirmed the subscription, or without a channel.
 */
export function usePresenceMembers(channel: string | null): PresenceMembers | null {
  const client = useRealtimeClient()
  const [state, setState] = useState<{ channel: string; presence: PresenceMembers } | null>(null)
  useEffect(() => {
    if (!channel || !client) return
    return client.subscribePresence(channel, (presence) => setState({ channel, presence }))
  }, [client, channel])
  // A list heard on another channel (the prop changed) is not this one's.
  return state && state.channel === channel ? state.presence : null
}
