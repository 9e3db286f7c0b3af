import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/chat')({
  component: () => (
    <PlannedPage
      title="Support chat"
      trail={[{ label: 'Support', to: '/main/dashboard' }, { label: 'Support chat' }]}
      summary="Chat with our support team here, with your full message history."
    />
  ),
})
