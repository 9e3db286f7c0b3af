// The cashier (decision 0019, docs/architecture.md#money-requests-files-and-mail): deposits by card, crypto and bank
// wire, withdrawals, transactions and statements, savings. The routes under /main compose these and subscribe
// funds.updated (routes/-funds-realtime.ts); this feature imports no other feature.
export { fundsKeys } from './api/query-keys'
export { invalidateFunds } from './api/invalidate-funds'
export { getFundsOptionsQueryOptions, useFundsOptions } from './api/get-funds-options'
export { getFundsSummaryQueryOptions, useFundsSummary } from './api/get-funds-summary'
export { getDepositsQueryOptions, useDeposits } from './api/get-deposits'
export { getCryptoAddressQueryOptions, useCryptoAddress } from './api/get-crypto-address'
export { DepositMethods } from './components/deposit-methods'
export { CardDeposit } from './components/card-deposit'
export { CardDepositForm, type CardDepositFormProps } from './components/card-deposit-form'
export { CryptoDeposit } from './components/crypto-deposit'
export { QrCodePage } from './components/qr-code-page'
export { WireDeposit, WireSentForm } from './components/wire-deposit'
export { WireConfirmation } from './components/wire-confirmation'
export { DepositHistory } from './components/deposit-history'
export { TransactionStatusChip } from './components/status-chip'
export { AskAboutLink } from './components/ask-about-link'
export {
  WithdrawalPage,
  type LiveAccountFigures,
  type WithdrawalPageProps,
} from './components/withdrawal-page'
export { getWithdrawalsQueryOptions, useWithdrawals } from './api/get-withdrawals'
export { getTransactionsQueryOptions, useTransactions } from './api/get-transactions'
export { getStatementQueryOptions } from './api/get-statement'
export { getSavingsQueryOptions, useSavings } from './api/get-savings'
export { TransactionsFilters, type TransactionFilters } from './components/transactions-filters'
export { TransactionsList } from './components/transactions-list'
export { StatementActions } from './components/statement-actions'
export { StatementView } from './components/statement-view'
export { RecentTransactions } from './components/recent-transactions'
export { SavingsPage } from './components/savings-page'
