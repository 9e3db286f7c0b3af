import { useEffect, useState } from 'react'
import type { ChatConnection } from '../../../domain/chat/composer'

/** How long a degraded connection must last before the chat says so. */
export const CONNECTION_SETTLE_MS = 2_000

/**
 * The connection as the chat shows it. Live shows at once; backup or disconnected only once they have lasted
 * 2 s, so the moments before the first connection (and a socket's quick reconnect) do not flash the backup notice
 * or disable the composer.
 */
export function useSettledConnection(raw: ChatConnection, settleMs = CONNECTION_SETTLE_MS): ChatConnection {
  const [shown, setShown] = useState<ChatConnection>('live')
  useEffect(() => {
    const timer = setTimeout(() => setShown(raw), raw === 'live' ? 0 : settleMs)
    return () => clearTimeout(timer)
  }, [raw, settleMs])
  return raw === 'live' ? 'live' : shown
}
