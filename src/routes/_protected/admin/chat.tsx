import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { z } from 'zod'
import { AdminChatConsole, useConversation } from '../../../features/chat'
import { ConnectionIndicator } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { StandaloneFrame } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { USER_ROLE } from '../../../domain/contract/user'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import { useChatChannel, useChatConnection } from '../../-chat-realtime'

// The selected customer lives in the URL, so a reload or a shared link opens the same conversation.
const SearchSchema = z.object({
  user: z.coerce.number().int().positive().optional().catch(undefined),
})

/** Spec 2.10: the admin chat console, admins only; anyone else is sent to /main. */
export const Route = createFileRoute('/_protected/admin/chat')({
  validateSearch: SearchSchema,
  beforeLoad: ({ context }) => {
    if (context.session.getState().user?.role !== USER_ROLE.ADMIN)
      throw redirect({ to: '/main', replace: true })
  },
  component: AdminChatPage,
})

function AdminChatPage() {
  const navigate = useNavigate({ from: Route.fullPath })
  const settings = useSettings()
  const { user: selectedUserId = null } = Route.useSearch()
  const userId = useSession((state) => state.user?.id ?? null)
  const isAdmin = useSession((state) => state.user?.role === USER_ROLE.ADMIN)
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const viewer = useMemo(() => (userId === null ? null : { id: userId, isAdmin: true }), [userId])
  const conversation = useConversation({ customerId: selectedUserId, viewer })
  useChatChannel(selectedUserId, conversation)
  const connection = useChatConnection()

  // The session changed to a customer while the page was open (another tab signed in as one).
  if (!isAdmin) return null
  return (
    <StandaloneFrame siteName={settings.data?.name ?? DEFAULT_SITE_NAME} area="Admin" fill>
      <AdminChatConsole
        selectedUserId={selectedUserId}
        onSelectUser={(id) => void navigate({ search: { user: id } })}
        conversation={conversation}
        connection={connection}
        indicator={<ConnectionIndicator />}
        signedIn={signedIn}
      />
    </StandaloneFrame>
  )
}
