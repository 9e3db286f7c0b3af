import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { ClientPanel } from '../../../features/back-office'
import { AdminChatConsole, useConversation } from '../../../features/chat'
import { getAssetsQueryOptions } from '../../../features/markets'
import { ConnectionIndicator } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { object, optionalParam } from '../../../domain/guard'
import { positiveIntParam } from '../../../domain/search-params'
import { useChatChannel, useChatConnection } from '../../-chat-realtime'
import { useLivePriceFeed } from '../../-live-prices'

// The selected customer lives in the URL, so a reload or a shared link opens the same conversation. A guard: a
// route's search schema loads before the first render of every page (src/domain/search-params.ts).
const SearchSchema = object({
  user: optionalParam(positiveIntParam()),
})

/**
 * docs/product/chat.md#admin-console: the admin chat console, inside the back office's frame (admins only: the /admin
 * layout checks).
 */
export const Route = createFileRoute('/_protected/admin/chat')({
  validateSearch: SearchSchema,
  component: AdminChatPage,
})

function AdminChatPage() {
  const navigate = useNavigate({ from: Route.fullPath })
  const { user: selectedUserId = null } = Route.useSearch()
  const userId = useSession((state) => state.user?.id ?? null)
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const viewer = useMemo(() => (userId === null ? null : { id: userId, isAdmin: true }), [userId])
  const conversation = useConversation({ customerId: selectedUserId, viewer })
  useChatChannel(selectedUserId, conversation)
  const connection = useChatConnection()

  // The customer panel marks the customer's positions to live prices: the tab's price store, fed while a customer
  // is selected (as the workspace and the dashboard feed it).
  const pricesWanted = selectedUserId !== null
  const assets = useQuery({ ...getAssetsQueryOptions(), enabled: pricesWanted })
  useLivePriceFeed(assets.data, pricesWanted)

  return (
    <AdminChatConsole
      selectedUserId={selectedUserId}
      onSelectUser={(id) => void navigate({ search: { user: id } })}
      conversation={conversation}
      connection={connection}
      indicator={<ConnectionIndicator />}
      signedIn={signedIn}
      customerPanel={selectedUserId === null ? undefined : <ClientPanel userId={selectedUserId} />}
    />
  )
}
