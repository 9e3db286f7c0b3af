import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import {
  ALL_REQUEST_TYPES_LABEL,
  REQUEST_STATUS_FILTERS,
  requestTypeOptions,
  type RequestStatusFilter,
} from '../../../domain/back-office/request-queue'
import { FilterSelect } from '../../../components/ui/filter-select'
import { SegmentGroup } from '../../../components/ui/segment-group'

/** The queue's status (Pending, Approved, Rejected, All: a segmented control, one choice) and type filters. */
export function RequestQueueFilters(props: {
  status: RequestStatusFilter
  type: string | undefined
  /** Types the server reports (the pending summary's by_type): a newly registered one is offered by its slug. */
  reportedTypes: readonly string[]
  onChange: (next: { status?: RequestStatusFilter; type?: string | undefined }) => void
}) {
  const { reportedTypes } = props
  const typeOptions = useMemo(
    () => requestTypeOptions(props.type ? [...reportedTypes, props.type] : reportedTypes),
    [reportedTypes, props.type],
  )
  return (
    <Flex
      flexDir={{ base: 'column', sm: 'row' }}
      alignItems={{ base: 'stretch', sm: 'flex-end' }}
      gap="4"
      mb="4"
    >
      <SegmentGroup
        label="Status"
        options={REQUEST_STATUS_FILTERS}
        value={props.status}
        onValueChange={(details) => {
          const next = REQUEST_STATUS_FILTERS.find((filter) => filter.value === details.value)
          if (next) props.onChange({ status: next.value })
        }}
        // On a phone the four segments share the row; with the track's padding and border, as tall as the Type
        // select beside it (40 px).
        className={css({ '& [data-part=item]': { flex: { base: '1', sm: 'none' }, h: '30px' } })}
      />
      <FilterSelect
        label="Type"
        name="request-type"
        allLabel={ALL_REQUEST_TYPES_LABEL}
        options={typeOptions}
        value={props.type}
        onChange={(type) => props.onChange({ type })}
        className={css({ w: { base: 'full', sm: '56' } })}
      />
    </Flex>
  )
}
