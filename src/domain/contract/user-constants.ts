// The user's plain names and rules, without a schema, for what loads before the first render (decision 0031);
// ./user re-exports them and builds its schemas from them.

export const USER_STATUS = { PENDING: 'pending', ACTIVE: 'active', DEACTIVATED: 'deactivated' } as const
export const USER_ROLE = { CUSTOMER: 'customer', ADMIN: 'admin' } as const

/** The customer's own auto trader request while an admin has not decided it; null otherwise (decision 0018). */
export const AUTOTRADER_REQUEST_STATUS = { PENDING: 'pending' } as const

/**
 * Every account id has one form (decision 0022: 'CFD0015758' beside 'CFD1000001' read as two formats): CFD and seven
 * digits, the first not 0.
 */
export const ACCOUNT_ID_PATTERN = /^CFD[1-9]\d{6}$/

/**
 * How the balance dropdown and the account pages name a trading account: its plan and its id ('Basic · CFD1000001'),
 * as a broker's terminal shows the account number. Not 'Live Account': customers of a broker running on the sandbox
 * read that as a claim about their money (decision 0021).
 */
export const accountTitle = (planTitle: string | null, accountId: string) =>
  planTitle ? `${planTitle} · ${accountId}` : accountId
