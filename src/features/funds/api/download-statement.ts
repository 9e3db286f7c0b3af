// GET /funds/statement.csv?from=&to=: the statement as a CSV file (date, type, reference, amount, balance_after).
// The API takes the bearer token only (no cookies), so a plain link would be refused: the file is fetched with the
// token (src/lib/files.ts) and handed to the browser as a download with a name saying its dates.
import { useMutation } from '@tanstack/react-query'
import { fundsQueryString, statementFileName } from '../../../domain/funds/transactions-search'
import { fetchFile, saveBlob } from '../../../lib/files'
import { getApiBaseUrl } from '../../../lib/http'
import type { StatementRange } from './get-statement'

export async function downloadStatement(range: StatementRange): Promise<string> {
  const search = fundsQueryString(range)
  const blob = await fetchFile(`${getApiBaseUrl()}/funds/statement.csv${search ? `?${search}` : ''}`)
  const fileName = statementFileName(range.from, range.to)
  saveBlob(blob, fileName)
  return fileName
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement })
