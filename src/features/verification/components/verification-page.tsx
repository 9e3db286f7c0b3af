import { Box, Stack } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import {
  VERIFICATION_DOCUMENT_TYPES,
  WITHDRAWAL_MIN_VERIFICATION_LEVEL,
  type DocumentKind,
} from '../../../domain/contract/verification'
import { CANNOT_REACH_SERVER_MESSAGE, isNetworkError } from '../../../lib/http'
import { useVerification } from '../api/get-verification'
import { DocumentCard } from './document-card'
import { LevelOverview } from './level-overview'

const ORDER = [
  VERIFICATION_DOCUMENT_TYPES.IDENTITY,
  VERIFICATION_DOCUMENT_TYPES.IDENTITY_BACK,
  VERIFICATION_DOCUMENT_TYPES.ADDRESS,
] as const

/** /main/verification (decision 0020). `today` is YYYY-MM-DD in the customer's time zone. */
export function VerificationPage(props: { today: string }) {
  const verification = useVerification()
  if (verification.isPending) return <Spinner label="Loading verification" />
  if (verification.isError) {
    const offline = isNetworkError(verification.error)
    return (
      <AlertBox
        variant="destructive"
        description={
          offline ? CANNOT_REACH_SERVER_MESSAGE : 'Failed to load your verification. Please try again.'
        }
      >
        <Stack mt="2">
          <Button variant="outline" size="sm" onClick={() => void verification.refetch()}>
            Try again
          </Button>
        </Stack>
      </AlertBox>
    )
  }
  const summary = verification.data
  const frontKind = summary.documents.identity.document?.kind ?? 'passport'
  const defaultKind = (type: (typeof ORDER)[number]): DocumentKind =>
    type === 'address' ? (summary.documents.address.document?.kind ?? 'utility_bill') : frontKind
  return (
    <div className={grid({ gap: '8' })}>
      {summary.level < WITHDRAWAL_MIN_VERIFICATION_LEVEL ? (
        <AlertBox
          variant="default"
          title="Withdrawals need level 2"
          description="Upload both sides of an identity document. Deposit and withdrawal limits are shown on the deposit and withdrawal pages."
        />
      ) : null}
      <LevelOverview summary={summary} />
      <section aria-labelledby="verification-documents" className={grid({ gap: '3' })}>
        <Box as="h2" id="verification-documents" fontSize="xl" fontWeight="semibold">
          Documents
        </Box>
        <div
          className={grid({
            gap: '4',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          })}
        >
          {ORDER.map((type) => (
            <DocumentCard
              key={type}
              type={type}
              status={summary.documents[type].status}
              document={summary.documents[type].document}
              defaultKind={defaultKind(type)}
              today={props.today}
            />
          ))}
        </div>
      </section>
    </div>
  )
}
