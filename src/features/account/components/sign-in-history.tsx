import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { SIGN_IN_RESULT_LABELS } from '../../../domain/account/labels'
import { formatDateTime } from '../../../domain/back-office/labels'
import { SIGN_IN_HISTORY_SIZE } from '../../../domain/contract/sign-ins'
import { useSignIns } from '../api/get-sign-ins'
import { StatusChip } from '../../../components/ui/status-chip'
import { AccountSection } from './account-section'
import { problemText } from './server-errors'
import { Text } from '../../../components/ui/text'

const rowClass = grid({
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '1 3',
  py: '2.5',
  borderTopWidth: '1px',
  borderColor: 'border.muted',
  fontSize: 'sm',
  _first: { borderTopWidth: '0' },
  md: { gridTemplateColumns: '9rem 11rem minmax(0, 1fr) 9rem', alignItems: 'center' },
})

/** The last 50 sign-in attempts: result, when, device and address. */
export function SignInHistory() {
  const signIns = useSignIns()
  return (
    <AccountSection
      title="Sign-in history"
      level="h3"
      description={`The last ${SIGN_IN_HISTORY_SIZE} attempts to sign in to your account. Did not recognise one? Change your password.`}
    >
      {signIns.isPending ? (
        <Spinner label="Loading sign-in history" />
      ) : signIns.isError ? (
        <AlertBox variant="destructive" description={problemText(signIns.error)}>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void signIns.refetch()}
            className={css({ mt: '2' })}
          >
            Try again
          </Button>
        </AlertBox>
      ) : signIns.data.length === 0 ? (
        <Text size="sm" tone="muted">
          No sign-ins yet.
        </Text>
      ) : (
        <ul aria-label="Sign-in attempts" className={grid()}>
          {signIns.data.map((event) => {
            const result = SIGN_IN_RESULT_LABELS[event.result]
            return (
              <li key={event.id} className={rowClass} data-testid="sign-in-row">
                <span className={css({ md: { order: 0 } })}>
                  <StatusChip tone={result.tone}>{result.label}</StatusChip>
                </span>
                <time
                  dateTime={event.created_at}
                  className={css({ color: 'text.muted', textAlign: { base: 'end', md: 'start' } })}
                >
                  {formatDateTime(event.created_at)}
                </time>
                <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>{event.device.label}</span>
                <span
                  className={css({
                    color: 'text.muted',
                    textStyle: 'numeric',
                    textAlign: { base: 'end', md: 'start' },
                    overflowWrap: 'anywhere',
                  })}
                >
                  {event.ip ?? 'unknown'}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </AccountSection>
  )
}
