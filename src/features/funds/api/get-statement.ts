// GET /funds/statement?from=&to=: the printable statement's opening and closing balance and its rows, the same
// rows as the CSV (download-statement.ts).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { StatementResponseSchema, type Statement } from '../../../domain/contract/transactions'
import { fundsQueryString } from '../../../domain/funds/transactions-search'
import { http } from '../../../lib/http'
import { fundsKeys } from './query-keys'

export interface StatementRange {
  from?: string | undefined
  to?: string | undefined
}

export async function getStatement(range: StatementRange): Promise<Statement> {
  const search = fundsQueryString(range)
  const body = await http.get(`/funds/statement${search ? `?${search}` : ''}`, {
    schema: StatementResponseSchema,
  })
  return body.data
}

export const getStatementQueryOptions = (range: StatementRange) => {
  const key = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) }
  return queryOptions({
    queryKey: fundsKeys.statement(key),
    queryFn: () => getStatement(key),
    staleTime: 30_000,
  })
}

export const useStatement = (range: StatementRange) => useQuery(getStatementQueryOptions(range))
