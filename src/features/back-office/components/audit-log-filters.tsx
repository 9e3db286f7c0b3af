import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { FilterActions } from '../../../components/ui/list-table'
import { TextField } from '../../../components/ui/input'
import {
  ALL_AUDIT_ACTIONS_LABEL,
  AUDIT_ACTION_OPTIONS,
  parseIdFilter,
} from '../../../domain/back-office/audit-log'
import { auditActionLabel } from '../../../domain/back-office/labels'
import { FilterSelect } from '../../../components/ui/filter-select'

// On a phone the buttons share the row.
const filterButton = css({ flex: { base: '1', md: 'none' } })

export interface AuditFilters {
  action?: string | undefined
  actor_id?: number | undefined
  user_id?: number | undefined
}

/**
 * The audit log's filters: the action (applied at once), the admin who acted and the client acted on (by id,
 * applied with Apply or Enter, so a half-typed id asks nothing).
 */
export function AuditLogFilters(props: { filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const { filters } = props
  const [actorText, setActorText] = useState(filters.actor_id?.toString() ?? '')
  const [userText, setUserText] = useState(filters.user_id?.toString() ?? '')
  const [errors, setErrors] = useState<{ actor?: string; user?: string }>({})

  // The URL changed under the inputs (back button, a link): show what is applied.
  const [applied, setApplied] = useState(filters)
  if (applied.actor_id !== filters.actor_id || applied.user_id !== filters.user_id) {
    setApplied(filters)
    setActorText(filters.actor_id?.toString() ?? '')
    setUserText(filters.user_id?.toString() ?? '')
    setErrors({})
  }

  const actionOptions = [
    ...AUDIT_ACTION_OPTIONS,
    // An action this build does not name, arriving by link, stays selectable as it is.
    ...(filters.action && !AUDIT_ACTION_OPTIONS.some((option) => option.value === filters.action)
      ? [{ value: filters.action, label: auditActionLabel(filters.action) }]
      : []),
  ]

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const actor = parseIdFilter(actorText)
    const user = parseIdFilter(userText)
    setErrors({
      ...(actor.ok ? {} : { actor: actor.message }),
      ...(user.ok ? {} : { user: user.message }),
    })
    if (!actor.ok || !user.ok) return
    props.onChange({ ...filters, actor_id: actor.id, user_id: user.id })
  }

  const filtered = Boolean(filters.action || filters.actor_id || filters.user_id)

  return (
    <form
      noValidate
      onSubmit={apply}
      aria-label="Filter the audit log"
      className={grid({
        gap: '4',
        alignItems: 'start',
        gridTemplateColumns: { base: '1fr 1fr', md: 'minmax(12rem, 16rem) 9rem 9rem auto' },
        mb: '4',
      })}
    >
      <FilterSelect
        label="Action"
        name="audit-action"
        allLabel={ALL_AUDIT_ACTIONS_LABEL}
        options={actionOptions}
        value={filters.action}
        onChange={(action) => props.onChange({ ...filters, action })}
        className={css({ gridColumn: { base: '1 / -1', md: 'auto' } })}
      />
      <TextField
        label="Admin ID"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Any"
        value={actorText}
        onChange={(event) => setActorText(event.target.value)}
        error={errors.actor}
      />
      <TextField
        label="Client ID"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Any"
        value={userText}
        onChange={(event) => setUserText(event.target.value)}
        error={errors.user}
      />
      <FilterActions>
        <Flex gap="2">
          <Button type="submit" variant="outline" className={filterButton}>
            Apply
          </Button>
          {filtered ? (
            <Button variant="ghost" className={filterButton} onClick={() => props.onChange({})}>
              Clear filters
            </Button>
          ) : null}
        </Flex>
      </FilterActions>
    </form>
  )
}
