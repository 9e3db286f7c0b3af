import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import {
  ALL_REQUEST_TYPES_LABEL,
  REQUEST_STATUS_FILTERS,
  requestTypeOptions,
  type RequestStatusFilter,
} from '../../../domain/back-office/request-queue'
import { OptionSelect } from '../../../components/ui/option-select'

// Not a valid type slug (those are lower-case letters and underscores), so it never names a real type.
const ALL_TYPES = 'all-types'

const segment = css({
  flex: { base: '1', sm: 'none' },
  // With the group's padding and border, as tall as the Type select beside it (40 px).
  h: '30px',
  px: '3',
  rounded: 'control',
  fontSize: 'sm',
  color: 'text.muted',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  transitionProperty: 'background-color, color',
  transitionDuration: 'fast',
  _hover: { color: 'text', bg: 'bg.hover' },
  focusVisibleRing: 'outside',
  '&[aria-pressed=true]': { bg: 'bg.raised', color: 'text', fontWeight: 'semibold', shadow: 'raised' },
})

/** The queue's status (Pending, Approved, Rejected, All) and type filters. */
export function RequestQueueFilters(props: {
  status: RequestStatusFilter
  type: string | undefined
  /** Types the server reports (the pending summary's by_type): a newly registered one is offered by its slug. */
  reportedTypes: readonly string[]
  onChange: (next: { status?: RequestStatusFilter; type?: string | undefined }) => void
}) {
  const { reportedTypes } = props
  const typeOptions = useMemo(
    () => [
      { value: ALL_TYPES, label: ALL_REQUEST_TYPES_LABEL },
      ...requestTypeOptions(props.type ? [...reportedTypes, props.type] : reportedTypes),
    ],
    [reportedTypes, props.type],
  )
  return (
    <div
      className={flex({
        flexDir: { base: 'column', sm: 'row' },
        alignItems: { base: 'stretch', sm: 'flex-end' },
        gap: '4',
        mb: '4',
      })}
    >
      <div className={grid({ gap: '1.5' })}>
        <span id="request-status-filter-label" className={css({ textStyle: 'label' })}>
          Status
        </span>
        <div
          role="group"
          aria-labelledby="request-status-filter-label"
          className={flex({
            gap: '1',
            p: '1',
            bg: 'bg.surface',
            borderWidth: '1px',
            borderColor: 'border',
            rounded: 'control',
          })}
        >
          {REQUEST_STATUS_FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={props.status === filter.value}
              className={segment}
              onClick={() => props.onChange({ status: filter.value })}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      <OptionSelect
        label="Type"
        name="request-type"
        options={typeOptions}
        value={props.type ?? ALL_TYPES}
        onChange={(value) => props.onChange({ type: value === ALL_TYPES ? undefined : value })}
        className={css({ w: { base: 'full', sm: '56' } })}
      />
    </div>
  )
}
