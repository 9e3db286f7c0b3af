import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { WITHDRAWAL_MIN_VERIFICATION_LEVEL } from '../../../domain/contract/verification'
import { useDisplayCurrency } from '../../../features/marketplace'
import {
  WithdrawalPage,
  getDepositsQueryOptions,
  getFundsOptionsQueryOptions,
  getFundsSummaryQueryOptions,
  getWithdrawalsQueryOptions,
} from '../../../features/funds'
import { loadCurrentUser, useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { useLiveAccountFigures } from '../../-funds-realtime'
import { loadPageData } from '../../-page-data'

/**
 * /main/withdrawal (decision 0019): "withdrawable now" with its breakdown, live while positions are open; the request
 * form; the requests with their statuses, live on funds.updated (the main layout listens) and user.updated.
 */
export const Route = createFileRoute('/_protected/main/withdrawal')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [
      getWithdrawalsQueryOptions(),
      getDepositsQueryOptions(),
      getFundsOptionsQueryOptions(),
      getFundsSummaryQueryOptions(),
    ]),
  component: Withdrawal,
})

const VERIFICATION_NEEDED_ID = 'withdrawal-verification-needed'

function Withdrawal() {
  const queryClient = useQueryClient()
  const { currency } = useDisplayCurrency()
  const live = useLiveAccountFigures()
  // Known-your-customer first (decision 0020): the server refuses a withdrawal below level 2; say so before the form,
  // and shut the form, which points to the reason.
  const level = useSession((state) => state.user?.verification_level)
  const unverified = level !== undefined && level < WITHDRAWAL_MIN_VERIFICATION_LEVEL
  return (
    <div>
      <PageHeader
        title="Withdrawal"
        trail={[{ label: 'Funds', to: '/main/dashboard' }, { label: 'Withdrawal' }]}
        description="Take money out to a card you deposited with, a crypto address or a bank account."
      />
      {unverified ? (
        <AlertBox
          id={VERIFICATION_NEEDED_ID}
          variant="warning"
          title="Verify your identity to withdraw"
          description={`Withdrawals need verification level ${WITHDRAWAL_MIN_VERIFICATION_LEVEL}: both sides of an identity document, approved. You are at level ${level}.`}
          className={css({ mb: '6' })}
        >
          <Link to="/main/verification" className={css({ color: 'accent', textDecoration: 'underline' })}>
            Go to Verification
          </Link>
        </AlertBox>
      ) : null}
      <WithdrawalPage
        currency={currency}
        live={live}
        onBalanceChanged={() => loadCurrentUser(queryClient, { fresh: true })}
        requestsClosedBy={unverified ? VERIFICATION_NEEDED_ID : undefined}
      />
    </div>
  )
}
