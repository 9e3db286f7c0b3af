import { createFileRoute } from '@tanstack/react-router'
import { ConnectionTestPage } from '../../../features/connection-test'
import { newClientMessageId, sendChatMessage } from '../../../features/chat'
import { usePriceFeed } from '../../../features/realtime'
import { useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { getRealtimeClient } from '../../../lib/realtime-client'

export const Route = createFileRoute('/_protected/main/test')({
  component: ConnectionTest,
})

const ignoreTicks = () => undefined

function ConnectionTest() {
  const userId = useSession((state) => state.user?.id ?? null)
  // The hub opens the price socket only for a tab that wants prices: while this page is open, it does, so the
  // test reports on a live feed.
  usePriceFeed(true, ignoreTicks)
  if (userId === null) return null
  return (
    <div>
      <PageHeader
        title="Connection test"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Test' }]}
        description="Something not updating? Run the test, and send the report to support if it finds a problem."
      />
      <ConnectionTestPage
        environment={() => ({ realtime: getRealtimeClient(), userId, now: () => Date.now() })}
        onSendReport={async (text) => {
          await sendChatMessage({
            ref: { customerId: userId, asAdmin: false, viewerId: userId },
            message: text,
            attachments: [],
            clientMessageId: newClientMessageId(),
          })
        }}
      />
    </div>
  )
}
