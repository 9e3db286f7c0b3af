import { createFileRoute, Link, Outlet, useLocation } from '@tanstack/react-router'
import { History } from 'lucide-react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { formatAmount } from '../../../../domain/format/currency'
import { depositSection } from '../../../../domain/funds/deposits'
import { DepositMethods } from '../../../../features/funds'
import { useSession } from '../../../../features/session'
import { PageHeader, type Crumb } from '../../../../features/shell'

/**
 * /main/deposit (decision 0019): the cashier's deposit side. The header with the live balance (user.updated) and the
 * method chooser stay while the method below changes; the QR code page shows the code alone.
 */
export const Route = createFileRoute('/_protected/main/deposit')({
  component: DepositLayout,
})

function DepositLayout() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const balance = useSession((state) => state.user?.balance ?? null)
  const section = depositSection(pathname)
  if (section.bare) return <Outlet />
  const trail: Crumb[] = [
    { label: 'Funds', to: '/main/dashboard' },
    section.crumb ? { label: 'Deposit', to: '/main/deposit' } : { label: 'Deposit' },
    ...(section.crumb ? [{ label: section.crumb }] : []),
  ]
  return (
    <div className={css({ display: 'grid', gap: '6', minW: '0' })}>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '3',
          '& > header': { mb: '0' },
        })}
      >
        <PageHeader
          title="Deposit"
          trail={trail}
          description={
            balance === null ? undefined : (
              <>
                Balance{' '}
                <span data-testid="deposit-balance" className={css({ textStyle: 'price', color: 'text' })}>
                  {formatAmount(balance)}
                </span>
              </>
            )
          }
        />
        <Link
          to="/main/deposit/history"
          aria-current={section.choice === 'history' ? 'page' : undefined}
          className={button({ variant: 'outline', size: 'sm' })}
        >
          <History aria-hidden="true" />
          Deposit history
        </Link>
      </div>
      <DepositMethods current={section.choice} />
      <Outlet />
    </div>
  )
}
