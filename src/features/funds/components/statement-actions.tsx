import { Link } from '@tanstack/react-router'
import { Download, Printer } from 'lucide-react'
import { wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useDownloadStatement } from '../api/download-statement'

// The statement for the dates chosen (decision 0019): 'Download CSV' (date, type, reference, amount, balance after)
// and 'Print statement', a printable page with the opening and closing balances.

export function StatementActions(props: { from?: string | undefined; to?: string | undefined }) {
  const download = useDownloadStatement()
  const range = { from: props.from, to: props.to }
  return (
    <div
      role="group"
      aria-label="Statement"
      className={wrap({
        gap: '2',
        w: { base: 'full', md: 'auto' },
        '& > *': { flex: { base: '1 1 auto', md: 'none' } },
      })}
    >
      <Button
        variant="outline"
        loading={download.isPending}
        loadingText="Preparing..."
        onClick={() => download.mutate(range, { onError: (error) => toast.error(errorMessage(error)) })}
      >
        <Download size={16} aria-hidden="true" />
        Download CSV
      </Button>
      <Link
        to="/main/transactions/statement"
        search={{ from: props.from, to: props.to }}
        className={button({ variant: 'outline' })}
      >
        <Printer size={16} aria-hidden="true" />
        Print statement
      </Link>
    </div>
  )
}
