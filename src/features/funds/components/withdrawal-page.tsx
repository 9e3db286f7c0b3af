import { useMemo } from 'react'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast'
import type { FundsSummary } from '../../../domain/contract/funds-summary'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { withdrawalCards } from '../../../domain/funds/withdrawal-form'
import { useCancelWithdrawal } from '../api/cancel-withdrawal'
import { useDeposits } from '../api/get-deposits'
import { useFundsOptions } from '../api/get-funds-options'
import { useFundsSummary } from '../api/get-funds-summary'
import { useWithdrawals } from '../api/get-withdrawals'
import { useRequestWithdrawal } from '../api/request-withdrawal'
import { WithdrawableBreakdown } from './withdrawable-breakdown'
import { WithdrawalForm } from './withdrawal-form'
import { WithdrawalList } from './withdrawal-list'
import { ListLoadError, ListLoading } from '../../../components/ui/list-table'

// /main/withdrawal (decision 0019): "withdrawable now" with what holds money back, the request form, and the requests
// with their statuses below. Figures come from GET /funds/summary (refetched on funds.updated and user.updated);
// while positions are open the route passes this tab's live P/L and margin, so the figure moves with the market.

export interface LiveAccountFigures {
  /** Open positions' P/L at this tab's prices. */
  pnlUsd: number
  /** Margin open positions hold. */
  marginUsd: number
}

export interface WithdrawalPageProps {
  currency: DisplayCurrency
  live?: LiveAccountFigures | null
  /** Reloads the signed-in user (their balance), which the session feature owns. */
  onBalanceChanged: () => Promise<unknown>
  /** The id of the element saying why no withdrawal can be requested now; the form is shut while it is set. */
  requestsClosedBy?: string
}

/** The server's summary with equity and margin at live prices, when known. */
export function liveSummary(
  summary: FundsSummary,
  live: LiveAccountFigures | null | undefined,
): FundsSummary {
  if (!live) return summary
  const equity = summary.balance + live.pnlUsd
  return { ...summary, equity, margin: live.marginUsd, free_margin: equity - live.marginUsd }
}

const section = grid({ gap: '3', minW: '0' })

export function WithdrawalPage(props: WithdrawalPageProps) {
  const summary = useFundsSummary()
  const options = useFundsOptions()
  const deposits = useDeposits()
  const withdrawals = useWithdrawals()
  const request = useRequestWithdrawal(props.onBalanceChanged)
  const cancel = useCancelWithdrawal(props.onBalanceChanged)
  const cards = useMemo(() => withdrawalCards(deposits.data ?? []), [deposits.data])
  const figures = summary.data ? liveSummary(summary.data, props.live) : null

  return (
    <div className={grid({ gap: { base: '6', md: '8' } })}>
      {summary.isError ? (
        <ListLoadError title="Your balance could not be loaded." query={summary} />
      ) : options.isError ? (
        <ListLoadError title="The withdrawal options could not be loaded." query={options} />
      ) : !figures || !options.data || deposits.isPending ? (
        <Spinner label="Loading your balance" size="lg" />
      ) : (
        <div
          className={grid({
            gap: { base: '4', md: '6' },
            gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          })}
        >
          <Box order={{ base: 2, lg: 1 }} minW="0">
            <WithdrawalForm
              summary={figures}
              limit={options.data.limits.withdrawal}
              coins={options.data.coins}
              cards={cards}
              onRequest={(withdrawal, idempotencyKey) => request.mutateAsync({ withdrawal, idempotencyKey })}
              onRequested={(message) => toast.success(message)}
              closedBy={props.requestsClosedBy}
            />
          </Box>
          <Box order={{ base: 1, lg: 2 }} minW="0">
            <WithdrawableBreakdown summary={figures} currency={props.currency} />
          </Box>
        </div>
      )}

      <section aria-labelledby="withdrawal-requests-title" className={section}>
        <Box as="h2" id="withdrawal-requests-title" fontSize="lg" fontWeight="semibold">
          Your withdrawals
        </Box>
        {withdrawals.isPending ? (
          <ListLoading>Loading your withdrawals...</ListLoading>
        ) : withdrawals.isError ? (
          <ListLoadError title="Your withdrawals could not be loaded." query={withdrawals} />
        ) : (
          <WithdrawalList
            withdrawals={withdrawals.data}
            currency={props.currency}
            onCancel={(withdrawal) => cancel.mutateAsync(withdrawal.id)}
            onCancelled={(message) => toast.success(message)}
          />
        )}
      </section>
    </div>
  )
}
