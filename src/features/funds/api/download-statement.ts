// GET /funds/statement.csv?from=&to=: the statement as a CSV file (date, type, reference, amount, balance_after).
// The API takes the bearer token only (no cookies), so a plain link would be refused: the file is fetched with the
// token (src/lib/files.ts) and handed to the browser as a download with a name saying its dates.
import { useMutation } from '@tanstack/react-query'
import { fundsQueryString, statementFileName } from '../../../domain/funds/transactions-search'
import { fetchFile } from '../../../lib/files'
import { getApiBaseUrl } from '../../../lib/http'
import type { StatementRange } from './get-statement'

/** Saves `blob` as `fileName` through a temporary object URL (what a download link does for a server file). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Chromium reads the URL when the click is handled; a moment later it is safe to let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export async function downloadStatement(range: StatementRange): Promise<string> {
  const search = fundsQueryString(range)
  const blob = await fetchFile(`${getApiBaseUrl()}/funds/statement.csv${search ? `?${search}` : ''}`)
  const fileName = statementFileName(range.from, range.to)
  saveBlob(blob, fileName)
  return fileName
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement })
