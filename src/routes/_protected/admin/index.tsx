import { createFileRoute, Link } from '@tanstack/react-router'
import { ArrowRight, ClipboardCheck, UserPlus } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { requestTypeOptions } from '../../../domain/back-office/request-queue'
import { ADMIN_PRESENCE_CHANNEL } from '../../../domain/contract/back-office-events'
import {
  RequestQueue,
  StaffOnline,
  staffMemberOf,
  useRequestsSummary,
  getRequestsQueryOptions,
  getRequestsSummaryQueryOptions,
} from '../../../features/back-office'
import { usePresenceMembers } from '../../../features/realtime'
import { PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

/** How many pending requests the overview shows before 'View all requests'. */
const OVERVIEW_QUEUE_ROWS = 5

const tile = css({
  display: 'grid',
  gap: '1',
  p: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'surface',
  shadow: 'raised',
  minW: '0',
  transitionProperty: 'border-color, background-color',
  transitionDuration: 'fast',
  _hover: { borderColor: 'text.muted', bg: 'bg.raised' },
  focusVisibleRing: 'outside',
})

const sectionLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'accent',
  _hover: { textDecoration: 'underline' },
})

function Count(props: { value: number | undefined }) {
  return (
    <span
      className={css({ fontSize: '3xl', fontWeight: 'semibold', textStyle: 'numeric', lineHeight: '1.1' })}
    >
      {props.value ?? '–'}
    </span>
  )
}

function TileLabel(props: { icon?: ReactNode; children: ReactNode }) {
  return (
    <span
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        fontSize: 'sm',
        color: 'text.muted',
      })}
    >
      {props.icon}
      {props.children}
    </span>
  )
}

/** Where an admin lands after signing in (decision 0017): what is waiting, and the first of it. */
export const Route = createFileRoute('/_protected/admin/')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [
      getRequestsSummaryQueryOptions(),
      getRequestsQueryOptions({ status: 'pending', page: 1 }),
    ]),
  component: OverviewPage,
})

function OverviewPage() {
  const summary = useRequestsSummary()
  const byType = summary.data?.by_type ?? {}
  const types = requestTypeOptions(Object.keys(byType))
  const presence = usePresenceMembers(ADMIN_PRESENCE_CHANNEL)

  return (
    <div className={css({ display: 'grid', gap: '8', '& > header': { mb: '0' } })}>
      <PageHeader
        title="Back office"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Overview' }]}
        description="Approvals, client accounts, site settings and the audit log for the client management team."
      />

      <section aria-labelledby="overview-waiting" className={css({ display: 'grid', gap: '4' })}>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '2',
          })}
        >
          <h2 id="overview-waiting" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            Waiting for a decision
          </h2>
          <Link to="/admin/clients" search={{ status: 'pending' }} className={sectionLink}>
            <UserPlus size={16} aria-hidden="true" />
            Clients awaiting approval
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </div>
        <ul
          className={css({
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(auto-fill, minmax(11rem, 1fr))' },
          })}
        >
          <li className={css({ gridColumn: { base: '1 / -1', md: 'auto' } })}>
            <Link to="/admin/requests" className={tile} data-testid="overview-pending-total">
              <TileLabel icon={<ClipboardCheck size={16} aria-hidden="true" />}>Pending requests</TileLabel>
              <Count value={summary.data?.pending} />
            </Link>
          </li>
          {types.map((type) => (
            <li key={type.value}>
              <Link to="/admin/requests" search={{ type: type.value }} className={tile}>
                <TileLabel>{type.label}</TileLabel>
                <Count value={summary.data ? (byType[type.value] ?? 0) : undefined} />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="overview-queue" className={css({ display: 'grid', gap: '4' })}>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '2',
          })}
        >
          <h2 id="overview-queue" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            Latest pending requests
          </h2>
          <Link to="/admin/requests" className={sectionLink}>
            View all requests
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        </div>
        <RequestQueue status="pending" page={1} compact limit={OVERVIEW_QUEUE_ROWS} />
      </section>

      <StaffOnline staff={presence ? presence.members.map(staffMemberOf) : null} me={presence?.me ?? null} />
    </div>
  )
}
