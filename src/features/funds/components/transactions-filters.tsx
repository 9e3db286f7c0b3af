import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { FilterActions } from '../../../components/ui/list-table'
import { TextField } from '../../../components/ui/input'
import { FilterSelect } from '../../../components/ui/filter-select'
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionType,
} from '../../../domain/contract/transactions'
import {
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
} from '../../../domain/funds/transaction-labels'
import { dateRangeError } from '../../../domain/funds/transactions-search'

// The transactions list's filters (decision 0019): type and status (applied at once), and a date range (inclusive UTC
// days, applied as each date is picked). They live in the URL, so a filtered list can be shared and reloaded.

export interface TransactionFilters {
  type?: TransactionType | undefined
  status?: TransactionStatus | undefined
  from?: string | undefined
  to?: string | undefined
}

const TYPE_OPTIONS = TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] }))
const STATUS_OPTIONS = TRANSACTION_STATUSES.map((status) => ({
  value: status,
  label: TRANSACTION_STATUS_LABELS[status],
}))

export function TransactionsFilters(props: {
  filters: TransactionFilters
  onChange: (next: TransactionFilters) => void
}) {
  const { filters } = props
  const filtered = Boolean(filters.type || filters.status || filters.from || filters.to)
  const rangeError = dateRangeError(filters.from, filters.to)
  const setDate = (key: 'from' | 'to', value: string) =>
    // A cleared or half-typed date is no filter; the browser's date input gives '' until it is whole.
    props.onChange({ ...filters, [key]: /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined })
  return (
    <form
      noValidate
      aria-label="Filter the transactions"
      onSubmit={(event) => event.preventDefault()}
      className={grid({
        gap: '4',
        alignItems: 'start',
        gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 11rem)) auto' },
        w: { base: 'full', md: 'auto' },
        minW: '0',
        '& > *': { minW: '0' },
      })}
    >
      <FilterSelect
        label="Type"
        name="transaction-type"
        allLabel="All types"
        options={TYPE_OPTIONS}
        value={filters.type}
        onChange={(type) => props.onChange({ ...filters, type })}
      />
      <FilterSelect
        label="Status"
        name="transaction-status"
        allLabel="All statuses"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => props.onChange({ ...filters, status })}
      />
      <TextField
        label="From"
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => setDate('from', event.target.value)}
        error={rangeError ?? undefined}
      />
      <TextField
        label="To"
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => setDate('to', event.target.value)}
      />
      {filtered ? (
        <FilterActions>
          <Button variant="ghost" onClick={() => props.onChange({})}>
            Clear filters
          </Button>
        </FilterActions>
      ) : null}
    </form>
  )
}
