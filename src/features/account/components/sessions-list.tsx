import { Monitor, Smartphone, Tablet } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { formatEventAge } from '../../../domain/back-office/event-time'
import { formatDateTime } from '../../../domain/back-office/labels'
import type { Session } from '../../../domain/contract/sessions'
import { useSessions } from '../api/get-sessions'
import { useRevokeOtherSessions } from '../api/revoke-other-sessions'
import { useRevokeSession } from '../api/revoke-session'
import { StatusChip } from '../../../components/ui/status-chip'
import { AccountSection } from './account-section'
import { problemText } from './server-errors'
import { Text } from '../../../components/ui/text'
import { TryAgain } from './try-again'

const DEVICE_ICONS = { mobile: Smartphone, tablet: Tablet } as const

const rowClass = grid({
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: '3',
  rowGap: '2',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.muted',
  _first: { borderTopWidth: '0', pt: '0' },
  md: { gridTemplateColumns: 'auto minmax(0, 1fr) auto', alignItems: 'center' },
})

function SessionRow(props: { session: Session; nowMs: number; onSignOut: () => void; busy: boolean }) {
  const { session } = props
  const Icon = DEVICE_ICONS[session.device.type as keyof typeof DEVICE_ICONS] ?? Monitor
  const labelId = `session-${session.id}-label`
  return (
    <li className={rowClass} data-testid="session-row" data-current={session.current || undefined}>
      <Icon size={20} aria-hidden="true" className={css({ color: 'text.muted', mt: '0.5' })} />
      <div className={grid({ minW: '0', gap: '1' })}>
        <p className={wrap({ alignItems: 'center', gap: '2' })}>
          <Text id={labelId} as="span" weight="medium">
            {session.device.label}
          </Text>
          {session.current ? <StatusChip tone="accent">This device</StatusChip> : null}
        </p>
        <Box as="p" fontSize="sm" color="text.muted" overflowWrap="anywhere">
          IP {session.ip ?? 'unknown'} · signed in {formatDateTime(session.created_at)} · last seen{' '}
          <time dateTime={session.last_seen_at} title={formatDateTime(session.last_seen_at)}>
            {formatEventAge(session.last_seen_at, props.nowMs)}
          </time>
        </Box>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={props.busy}
          onClick={props.onSignOut}
          aria-describedby={labelId}
          className={css({ gridColumn: { base: '2', md: 'auto' }, justifySelf: 'start' })}
        >
          Sign out
        </Button>
      )}
    </li>
  )
}

/** Every signed-in device, this one marked; sign out one, or every other one. */
export function SessionsList(props: { nowMs: () => number }) {
  const sessions = useSessions()
  const revoke = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  const report = (promise: Promise<{ message: string }>) =>
    promise.then(
      (answer) => setOutcome({ ok: true, message: answer.message }),
      (error: unknown) => setOutcome({ ok: false, message: problemText(error) }),
    )
  return (
    <AccountSection
      title="Sessions"
      level="h3"
      description="The devices signed in to your account now."
      aside={
        <Button
          variant="outline"
          size="sm"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => void report(revokeOthers.mutateAsync())}
        >
          Sign out all other sessions
        </Button>
      }
    >
      <Box role="status" _empty={{ display: 'none' }}>
        {outcome ? (
          <AlertBox variant={outcome.ok ? 'success' : 'destructive'} description={outcome.message} />
        ) : null}
      </Box>
      {sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isError ? (
        <AlertBox variant="destructive" description={problemText(sessions.error)}>
          <TryAgain onClick={() => void sessions.refetch()} />
        </AlertBox>
      ) : (
        <ul aria-label="Signed-in devices" className={grid()}>
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              nowMs={props.nowMs()}
              busy={revoke.isPending && revoke.variables === session.id}
              onSignOut={() => void report(revoke.mutateAsync(session.id))}
            />
          ))}
        </ul>
      )}
    </AccountSection>
  )
}
