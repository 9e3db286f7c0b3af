import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { PersonalPage, getProfileQueryOptions } from '../../../features/account'
import { loadCurrentUser } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/personal')({
  loader: ({ context }) => loadPageData(context.queryClient, [getProfileQueryOptions()]),
  component: Personal,
})

function Personal() {
  const queryClient = useQueryClient()
  // One "now" per visit: the 18-or-over rule is checked against the day the page opened.
  const [now] = useState(() => new Date())
  return (
    <div>
      <PageHeader
        title="Personal information"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Personal information' }]}
        description="Your details, picture and e-mail address."
      />
      <PersonalPage
        now={now}
        onUserChanged={() => void loadCurrentUser(queryClient, { fresh: true }).catch(() => undefined)}
      />
    </div>
  )
}
