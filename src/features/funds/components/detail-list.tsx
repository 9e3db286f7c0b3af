import type { ReactNode } from 'react'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { CopyButton } from './copy-button'

// Label, value and a Copy button per line (bank details, references): the value wraps rather than overflows at
// 390 px, and each button names what it copies.

export interface CopyableDetail {
  key: string
  label: string
  value: string
  /** Shown instead of the bare value (e.g. highlighted); the bare value is still what is copied. */
  display?: ReactNode
  mono?: boolean
  /** False for a figure nobody pastes anywhere (the amount). */
  copyable?: boolean
}

export function DetailList(props: { details: readonly CopyableDetail[] }) {
  return (
    <dl className={grid({ gap: '0' })}>
      {props.details.map((detail) => (
        <div
          key={detail.key}
          data-testid={`detail-${detail.key}`}
          className={grid({
            gridTemplateColumns: { base: 'minmax(0, 1fr) auto', md: '10rem minmax(0, 1fr) auto' },
            alignItems: 'center',
            gap: '1 3',
            py: '2.5',
            borderBottomWidth: '1px',
            borderColor: 'border.muted',
            _last: { borderBottomWidth: '0' },
          })}
        >
          <Box as="dt" fontSize="sm" color="text.muted" gridColumn={{ base: '1 / -1', md: 'auto' }}>
            {detail.label}
          </Box>
          <Box
            as="dd"
            minW="0"
            fontSize="sm"
            wordBreak="break-word"
            fontFamily={detail.mono ? 'mono' : undefined}
          >
            {detail.display ?? detail.value}
          </Box>
          {detail.copyable === false ? null : (
            <dd>
              <CopyButton value={detail.value} what={detail.label} size="xs" />
            </dd>
          )}
        </div>
      ))}
    </dl>
  )
}
