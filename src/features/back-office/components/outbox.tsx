import { Mail, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Spinner } from '../../../components/ui/spinner'
import { formatDateTime } from '../../../domain/back-office/labels'
import { AlertBox } from '../../../components/ui/alert-box'
import { useOutbox, useOutboxMail } from '../api/get-outbox'
import { errorMessage } from '../../../lib/error-message'
import {
  actionsCell,
  cell,
  ListEmpty,
  ListLoadError,
  ListLoading,
  ListTable,
  mutedText,
  nowrapCell,
  row,
} from '../../../components/ui/list-table'
import { StatusChip } from '../../../components/ui/status-chip'
import { ListPager } from '../../../components/ui/list-pager'

/** 'password_reset' -> 'Password reset'. */
const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' ')

/** One mail as text: its links are shown as text, never made clickable (an admin reads; the customer acts). */
function MailReader(props: { id: number }) {
  const mail = useOutboxMail(props.id)
  if (mail.isPending) return <Spinner label="Loading the mail" />
  if (mail.isError) return <AlertBox variant="destructive" description={errorMessage(mail.error)} />
  const data = mail.data
  return (
    <div className={grid({ gap: '3', minW: '0' })}>
      <dl
        className={grid({
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gap: '1 3',
          fontSize: 'sm',
          // A long address breaks rather than widening the dialog.
          overflowWrap: 'anywhere',
        })}
      >
        <dt className={mutedText}>To</dt>
        <dd>{data.to}</dd>
        <dt className={mutedText}>Kind</dt>
        <dd>{kindLabel(data.kind)}</dd>
        <dt className={mutedText}>Sent</dt>
        <dd>{formatDateTime(data.created_at)}</dd>
      </dl>
      <Box
        as="pre"
        data-testid="outbox-mail-text"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        fontFamily="body"
        fontSize="sm"
        p="4"
        bg="bg.raised"
        rounded="control"
        maxH="60vh"
        overflowY="auto"
      >
        {data.text}
      </Box>
    </div>
  )
}

/** /admin/outbox (decision 0020): the dev outbox's mails, newest first, each readable as text. */
export function Outbox(props: { page: number; onPageChange: (page: number) => void }) {
  const outbox = useOutbox(props.page)
  const [reading, setReading] = useState<{ id: number; subject: string } | null>(null)
  if (outbox.isPending) return <ListLoading>Loading the outbox...</ListLoading>
  if (outbox.isError) return <ListLoadError title="The outbox could not be loaded" query={outbox} />
  const { data, meta } = outbox.data
  return (
    <div className={grid({ gap: '4' })}>
      <div>
        <Button variant="outline" size="sm" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          <RefreshCw size={14} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {data.length === 0 ? (
        <ListEmpty
          icon={Mail}
          title="No mail yet"
          description="Password resets, e-mail changes and sign-in alerts appear here when no SMTP server is set."
        />
      ) : (
        <ListTable
          data-testid="outbox"
          caption="Outbox"
          columns={['To', 'Subject', 'Kind', 'Time']}
          actionsColumn="Read"
          stale={outbox.isPlaceholderData}
        >
          {data.map((mail) => (
            <tr key={mail.id} className={row} data-testid="outbox-row">
              <td className={cx(cell, css({ overflowWrap: 'anywhere' }))} data-label="To">
                {mail.to}
              </td>
              <td className={cell} data-label="Subject">
                {mail.subject}
              </td>
              <td className={cell} data-label="Kind">
                <StatusChip tone="neutral">{kindLabel(mail.kind)}</StatusChip>
              </td>
              <td className={nowrapCell} data-label="Time">
                <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
              </td>
              <td className={actionsCell}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setReading({ id: mail.id, subject: mail.subject })}
                >
                  Read
                </Button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <ListPager meta={meta} onPageChange={props.onPageChange} label="Outbox pages" />
      <DialogFrame
        open={reading !== null}
        onOpenChange={(open) => (open ? undefined : setReading(null))}
        title={reading?.subject ?? ''}
        size="lg"
      >
        {reading ? <MailReader id={reading.id} /> : null}
      </DialogFrame>
    </div>
  )
}
