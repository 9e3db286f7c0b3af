import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { CHANNELS, PUSH_EVENTS } from '../../../domain/contract/realtime'
import { useRealtimeEvent } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import {
  VerificationPage,
  verificationQueryKey,
  getVerificationQueryOptions,
} from '../../../features/verification'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/verification')({
  loader: ({ context }) => loadPageData(context.queryClient, [getVerificationQueryOptions()]),
  component: Verification,
})

/** YYYY-MM-DD of the customer's own day (an issue date is a local date). */
const localToday = () => {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

function Verification() {
  const queryClient = useQueryClient()
  const userId = useSession((state) => state.user?.id ?? null)
  // An admin's decision is published after it commits (docs/architecture.md#money-requests-files-and-mail): the page
  // shows it at once.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: verificationQueryKey })
  useRealtimeEvent(userId === null ? null : CHANNELS.user(userId), PUSH_EVENTS.USER_UPDATED, refresh)
  useRealtimeEvent(
    userId === null ? null : CHANNELS.notification(userId),
    PUSH_EVENTS.NOTIFICATION_MESSAGE,
    refresh,
  )
  return (
    <div>
      <PageHeader
        title="Verification"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Verification' }]}
        description="Verify your identity and address to unlock withdrawals and higher limits."
      />
      <VerificationPage today={localToday()} />
    </div>
  )
}
