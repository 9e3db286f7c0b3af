// The mark beside a last known figure (decision 0021): 'as of 14:02', shown while the browser is offline or while the
// figure is a stored copy nothing has refreshed yet. Quiet, with a clock, so it reads as a note and not an error.
import { Clock } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { formatAsOf } from '../domain/offline/last-known'

const mark = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: 'xs',
  fontWeight: 'normal',
  color: 'text.muted',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})

/** `at`: epoch ms, or null when the time is not known. The day is said too when it is not today. */
export function AsOfMark(props: { at: number | null; className?: string; testId?: string }) {
  // Only to tell today from another day: the moment the mark appeared is close enough.
  const [nowMs] = useState(() => Date.now())
  return (
    <span className={cx(mark, props.className)} data-testid={props.testId ?? 'as-of'}>
      <Clock size={12} aria-hidden="true" />
      {formatAsOf(props.at, nowMs)}
    </span>
  )
}
