import { CircleAlert, CircleCheck, Info, Loader, Send, TriangleAlert } from 'lucide-react'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Text } from '../../../components/ui/text'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { StatusChip } from '../../../components/ui/status-chip'
import {
  CHECK_STATUS_LABELS,
  formatReport,
  overallStatus,
  type CheckResult,
  type CheckStatus,
} from '../../../domain/diagnostics/connection-report'
import type { StatusTone } from '../../../domain/display/status-tone'
import { CHECKS, runCheck, type CheckEnvironment } from '../checks'

export interface ConnectionTestPageProps {
  environment: () => CheckEnvironment
  /** Posts the report into the customer's support chat. */
  onSendReport: (text: string) => Promise<void>
}

const ICONS = { ok: CircleCheck, warn: TriangleAlert, fail: CircleAlert, info: Info } as const

// A check's status as the app's status pill: its icon and word as well as its colour.
const TONES: Readonly<Record<CheckStatus, StatusTone>> = {
  ok: 'success',
  warn: 'warning',
  fail: 'danger',
  info: 'accent',
}

function StatusBadge(props: { status: CheckStatus | 'running' }) {
  if (props.status === 'running') {
    return (
      <StatusChip tone="neutral">
        <Loader size={14} aria-hidden="true" className={css({ animation: 'spin 1s linear infinite' })} />
        Checking
      </StatusChip>
    )
  }
  return (
    <StatusChip tone={TONES[props.status]} icon={ICONS[props.status]}>
      {CHECK_STATUS_LABELS[props.status]}
    </StatusChip>
  )
}

type Row = CheckResult | { id: string; label: string; status: 'running' }

/** /main/test (decision 0020): the connection doctor. */
export function ConnectionTestPage(props: ConnectionTestPageProps) {
  const [rows, setRows] = useState<Row[] | null>(null)
  const [running, setRunning] = useState(false)
  const [ranAt, setRanAt] = useState<Date | null>(null)
  const [sending, setSending] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle')
  const [sendProblem, setSendProblem] = useState<string | null>(null)
  const runId = useRef(0)

  const run = async () => {
    const id = ++runId.current
    const env = props.environment()
    setRunning(true)
    setSending('idle')
    setRanAt(new Date())
    setRows(CHECKS.map((check) => ({ id: check.id, label: check.label, status: 'running' })))
    // All at once, each row filled as its check answers.
    await Promise.all(
      CHECKS.map(async (check) => {
        const result = await runCheck(check, env)
        if (runId.current !== id) return
        setRows((current) => current?.map((row) => (row.id === result.id ? result : row)) ?? null)
      }),
    )
    if (runId.current === id) setRunning(false)
  }

  const results = rows?.filter((row): row is CheckResult => row.status !== 'running') ?? []
  const done = rows !== null && !running
  const overall = done ? overallStatus(results) : null
  const report = () =>
    formatReport(results, {
      ranAt: ranAt ?? new Date(),
      userAgent: navigator.userAgent,
      online: navigator.onLine,
    })

  const send = () => {
    setSending('sending')
    setSendProblem(null)
    props.onSendReport(report()).then(
      () => setSending('sent'),
      (error: unknown) => {
        setSending('failed')
        setSendProblem(error instanceof Error ? error.message : String(error))
      },
    )
  }

  return (
    <div className={grid({ gap: '5', maxW: '52rem' })}>
      <div className={wrap({ gap: '3', alignItems: 'center' })}>
        <Button size="lg" onClick={() => void run()} loading={running}>
          Run test
        </Button>
        {done ? (
          <Button variant="outline" size="lg" onClick={send} loading={sending === 'sending'}>
            <Send size={16} aria-hidden="true" />
            Send to support
          </Button>
        ) : null}
      </div>
      <Box role="status" aria-live="polite" _empty={{ display: 'none' }}>
        {overall ? (
          <AlertBox
            variant={overall === 'fail' ? 'destructive' : overall === 'warn' ? 'warning' : 'success'}
            title={
              overall === 'fail'
                ? 'Some checks failed'
                : overall === 'warn'
                  ? 'Working, with warnings'
                  : 'Everything works'
            }
            description={`Tested at ${ranAt?.toLocaleTimeString() ?? ''}. ${navigator.onLine ? '' : 'The browser says it is offline.'}`}
          />
        ) : null}
        {sending === 'sent' ? (
          <AlertBox
            variant="success"
            description="The report was sent to support. They will reply in the chat."
          />
        ) : null}
        {sending === 'failed' ? (
          <AlertBox
            variant="destructive"
            description={`The report could not be sent (${sendProblem ?? 'no connection'}). Try again when you are back online.`}
          />
        ) : null}
      </Box>
      {rows === null ? (
        <Text tone="muted">
          Checks the realtime connection, the price feed, the server, offline storage and this device&apos;s
          clock. Nothing is changed.
        </Text>
      ) : (
        <Card.Root>
          <ul aria-label="Test results" data-testid="connection-test-results">
            {rows.map((row) => (
              <li
                key={row.id}
                data-testid={`check-${row.id}`}
                data-status={row.status}
                className={grid({
                  gridTemplateColumns: { base: 'minmax(0, 1fr) auto', md: '14rem minmax(0, 1fr) auto' },
                  gridTemplateAreas: { base: '"label badge" "summary summary"', md: '"label summary badge"' },
                  gap: '1 4',
                  px: { base: '4', md: '5' },
                  py: '3',
                  borderTopWidth: '1px',
                  borderColor: 'border.muted',
                  _first: { borderTopWidth: '0' },
                  alignItems: 'start',
                })}
              >
                <Box as="span" gridArea="label" fontWeight="medium">
                  {row.label}
                </Box>
                <Box gridArea="summary" minW="0" fontSize="sm" overflowWrap="anywhere">
                  {row.status === 'running' ? (
                    <Text as="span" tone="muted">
                      Checking...
                    </Text>
                  ) : (
                    <>
                      <p>{row.summary}</p>
                      {row.details?.length ? (
                        <ul className={grid({ mt: '1', color: 'text.muted', gap: '0.5' })}>
                          {row.details.map((detail) => (
                            <li key={detail}>{detail}</li>
                          ))}
                        </ul>
                      ) : null}
                    </>
                  )}
                </Box>
                <Box as="span" gridArea="badge" justifySelf="end">
                  <StatusBadge status={row.status} />
                </Box>
              </li>
            ))}
          </ul>
        </Card.Root>
      )}
    </div>
  )
}
