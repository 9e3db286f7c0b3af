import { useQuery } from '@tanstack/react-query'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import { confirmEmail } from '../api/confirm-email'
import { problemText } from './server-errors'

/** /confirm-email?token= (decision 0020): applies the e-mail change the link was sent for, once. */
export function ConfirmEmailPage(props: { token: string | undefined; onConfirmed: () => void }) {
  const token = props.token ?? ''
  const confirm = useQuery({
    queryKey: ['account', 'confirm-email', token],
    queryFn: async () => {
      const answer = await confirmEmail(token)
      props.onConfirmed()
      return answer
    },
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
  if (!token) {
    return (
      <AlertBox
        variant="destructive"
        title="This link is incomplete"
        description="Open the link from the e-mail again."
      />
    )
  }
  if (confirm.isPending) return <Spinner label="Confirming your new address" />
  if (confirm.isError) {
    return <AlertBox variant="destructive" title="Not confirmed" description={problemText(confirm.error)} />
  }
  return (
    <div className={grid({ gap: '2' })}>
      <AlertBox
        variant="success"
        title={confirm.data.message}
        description={`You now sign in with ${confirm.data.data.email}.`}
      />
    </div>
  )
}
