import { useDeposits } from '../api/get-deposits'
import { DepositList } from './deposit-list'
import { LoadFailed, Loading } from './load-state'
import { FundsSection } from './section'

/** /main/deposit/history: every deposit, newest first, statuses live (funds.updated refreshes the list). */
export function DepositHistory() {
  const deposits = useDeposits()
  return (
    <FundsSection
      title="Deposit history"
      description="Every deposit you made, newest first."
      testId="deposit-history"
    >
      {deposits.isPending ? (
        <Loading label="Loading your deposits" />
      ) : deposits.isError ? (
        <LoadFailed what="Your deposits" error={deposits.error} onRetry={() => void deposits.refetch()} />
      ) : (
        <DepositList deposits={deposits.data} />
      )}
    </FundsSection>
  )
}
