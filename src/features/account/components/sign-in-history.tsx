import { Box, styled } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import { SIGN_IN_RESULT_LABELS } from '../../../domain/account/labels'
import { formatDateTime } from '../../../domain/back-office/labels'
import { SIGN_IN_HISTORY_SIZE } from '../../../domain/contract/sign-ins'
import { useSignIns } from '../api/get-sign-ins'
import { StatusChip } from '../../../components/ui/status-chip'
import { AccountSection } from './account-section'
import { problemText } from './server-errors'
import { Text } from '../../../components/ui/text'
import { TryAgain } from './try-again'

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
          <TryAgain onClick={() => void signIns.refetch()} />
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
                <Box as="span" md={{ order: 0 }}>
                  <StatusChip tone={result.tone}>{result.label}</StatusChip>
                </Box>
                <styled.time
                  dateTime={event.created_at}
                  color="text.muted"
                  textAlign={{ base: 'end', md: 'start' }}
                >
                  {formatDateTime(event.created_at)}
                </styled.time>
                <Box as="span" minW="0" overflowWrap="anywhere">
                  {event.device.label}
                </Box>
                <Box
                  as="span"
                  color="text.muted"
                  textStyle="numeric"
                  textAlign={{ base: 'end', md: 'start' }}
                  overflowWrap="anywhere"
                >
                  {event.ip ?? 'unknown'}
                </Box>
              </li>
            )
          })}
        </ul>
      )}
    </AccountSection>
  )
}
