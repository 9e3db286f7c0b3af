// The marketplace page (docs/product/marketplace.md#buying-an-advisor) against a fake API: cards, purchase through a
// confirmation, the automated trading panel of an owned advisor, the plan message, and the load and empty states.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { USD } from '../../../src/domain/format/currency'
import type { MarketplaceSearch } from '../../../src/domain/marketplace/search'
import { MarketplacePage } from '../../../src/features/marketplace'
import { expectNoA11yViolations } from '../components/test-utils'
import { CATALOG, fakeApi, json, renderWithApp, USER } from './harness'

const api = fakeApi()

function renderMarketplace(initial: Partial<MarketplaceSearch> = {}, user: User = USER) {
  const onAccountChanged = vi.fn(async () => {})
  const searches: Partial<MarketplaceSearch>[] = []
  function Page() {
    const [search, setSearch] = useState<MarketplaceSearch>({
      category: 'all',
      filter: 'popular',
      ...initial,
    })
    return (
      <MarketplacePage
        search={search}
        onSearchChange={(next) => {
          searches.push(next)
          setSearch((previous) => ({ ...previous, ...next }))
        }}
        user={user}
        currency={USD}
        onAccountChanged={onAccountChanged}
      />
    )
  }
  const view = renderWithApp(() => <Page />)
  return { ...view, onAccountChanged, searches }
}

const card = (name: string) => screen.getByRole('article', { name })
const cardNames = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)

describe('the marketplace page', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderMarketplace()
    await screen.findByRole('article', { name: 'Trend Rider' })
    await expectNoA11yViolations(container)
  })

  it('lists the advisors most downloaded first, with price in USD or Free, rating and downloads', async () => {
    renderMarketplace()
    await screen.findByRole('article', { name: 'Trend Rider' })
    expect(cardNames()).toEqual(['Trend Rider', 'Risk Guard', 'Scalper Pro', 'Grid Master', 'Quantum Edge'])
    expect(within(card('Trend Rider')).getByTestId('advisor-price')).toHaveTextContent('Free')
    expect(within(card('Scalper Pro')).getByTestId('advisor-price')).toHaveTextContent('$149.00')
    expect(within(card('Scalper Pro')).getByText('6,310')).toBeInTheDocument()
    expect(within(card('Scalper Pro')).getByText('4.0')).toBeInTheDocument()
    expect(screen.getByText('5 items')).toBeInTheDocument()
  })

  it("shows 'Owned' with the button disabled and the Running/Stopped panel only for an owned advisor", async () => {
    let running = false
    const catalog = () => ({
      ...CATALOG,
      expert_advisors: CATALOG.expert_advisors.map((item) => (item.id === 1 ? { ...item, running } : item)),
    })
    api.answers['GET /catalog'] = () => json(200, { data: catalog() })
    api.answers['POST /expert_advisors/1/running'] = ({ body }) => {
      running = (body as { running: boolean }).running
      return json(200, { message: 'ok', data: catalog().expert_advisors[0] })
    }
    renderMarketplace()
    const owned = await screen.findByRole('article', { name: 'Trend Rider' })
    expect(within(owned).getByRole('button', { name: 'Owned' })).toBeDisabled()
    const toggle = within(owned).getByRole('switch', { name: 'Automated trading' })
    expect(within(owned).getByTestId('advisor-running-state')).toHaveTextContent('Stopped')
    expect(within(card('Scalper Pro')).queryByRole('switch')).not.toBeInTheDocument()

    await userEvent.click(toggle)
    await waitFor(() =>
      expect(within(owned).getByTestId('advisor-running-state')).toHaveTextContent('Running'),
    )
    await waitFor(() =>
      expect(api.sent).toContainEqual({
        method: 'POST',
        path: '/expert_advisors/1/running',
        body: { running: true },
      }),
    )
  })

  it('buys through a confirmation dialog, then reloads the user and the catalogue', async () => {
    let catalog = CATALOG
    api.answers['GET /catalog'] = () => json(200, { data: catalog })
    api.answers['POST /purchase/ea'] = () => {
      catalog = {
        ...CATALOG,
        expert_advisors: CATALOG.expert_advisors.map((item) =>
          item.id === 2 ? { ...item, owned: true } : item,
        ),
      }
      return json(200, { status: 'success', message: 'Expert Advisor purchased successfully' })
    }
    const { onAccountChanged } = renderMarketplace()
    const scalper = await screen.findByRole('article', { name: 'Scalper Pro' })
    await userEvent.click(within(scalper).getByRole('button', { name: 'Buy' }))

    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' })
    expect(dialog).toHaveTextContent('Buy Scalper Pro for $149.00?')
    // Nothing is sent before the confirmation.
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm purchase' }))

    expect(await screen.findByText('Expert Advisor purchased successfully')).toBeInTheDocument()
    expect(api.sent).toContainEqual({ method: 'POST', path: '/purchase/ea', body: { expert_advisor_id: 2 } })
    expect(onAccountChanged).toHaveBeenCalledTimes(1)
    await waitFor(() =>
      expect(within(card('Scalper Pro')).getByRole('button', { name: 'Owned' })).toBeDisabled(),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows the server's refusal, else 'Failed to purchase Expert Advisor'", async () => {
    api.answers['POST /purchase/ea'] = () => json(422, { message: 'Your balance ($10.00) is not enough.' })
    renderMarketplace()
    await userEvent.click(
      within(await screen.findByRole('article', { name: 'Grid Master' })).getByRole('button', {
        name: 'Buy',
      }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm purchase' }))
    expect(await screen.findByText('Your balance ($10.00) is not enough.')).toBeInTheDocument()

    api.answers['POST /purchase/ea'] = () => json(500, 'oops')
    await userEvent.click(within(card('Grid Master')).getByRole('button', { name: 'Buy' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm purchase' }))
    expect(await screen.findByText('Failed to purchase Expert Advisor')).toBeInTheDocument()
  })

  it('explains a plan-restricted advisor and opens the plans comparison instead of buying', async () => {
    api.answers['POST /plans/upgrade'] = () => json(200, { message: 'Your upgrade request has been sent.' })
    renderMarketplace()
    const quantum = await screen.findByRole('article', { name: 'Quantum Edge' })
    expect(
      within(quantum).getByText(
        'This Expert Advisor is not available for your plan. Please upgrade to access it.',
      ),
    ).toBeInTheDocument()
    expect(within(quantum).queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument()

    await userEvent.click(within(quantum).getByRole('button', { name: 'Compare plans' }))
    const plans = await screen.findByRole('dialog', { name: 'Account plans' })
    expect(within(plans).getByRole('columnheader', { name: /Pro/ })).toHaveTextContent('Recommended')
    await userEvent.click(within(plans).getByRole('button', { name: 'Upgrade to Pro' }))
    expect(await screen.findByText('Your upgrade request has been sent.')).toBeInTheDocument()
    expect(api.sent).toContainEqual({ method: 'POST', path: '/plans/upgrade', body: { plan_id: 2 } })
  })

  it('narrows by category, filter and search, and says when nothing matches', async () => {
    const { searches } = renderMarketplace({ filter: 'free' })
    await screen.findByRole('article', { name: 'Trend Rider' })
    expect(cardNames()).toEqual(['Trend Rider'])

    await userEvent.click(screen.getByRole('radio', { name: 'Purchased' }))
    expect(searches.at(-1)).toEqual({ filter: 'purchased' })
    expect(cardNames()).toEqual(['Trend Rider'])

    await userEvent.click(screen.getByRole('radio', { name: 'Popular' }))
    await userEvent.click(screen.getByRole('radio', { name: 'Others' }))
    expect(cardNames()).toEqual(['Risk Guard'])

    await userEvent.click(screen.getByRole('radio', { name: 'All' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'grid')
    // The URL follows once typing pauses.
    await waitFor(() => expect(searches.at(-1)).toEqual({ search: 'grid' }))
    expect(cardNames()).toEqual(['Grid Master'])

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz')
    expect(await screen.findByText('No items found matching your criteria')).toBeInTheDocument()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it("says 'Failed to load marketplace items' and retries on Retry", async () => {
    let fail = true
    api.answers['GET /catalog'] = () => (fail ? json(500, { message: 'down' }) : json(200, { data: CATALOG }))
    renderMarketplace()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load marketplace items')
    fail = false
    await act(() => userEvent.click(within(alert).getByRole('button', { name: 'Retry' })))
    expect(await screen.findByRole('article', { name: 'Trend Rider' })).toBeInTheDocument()
  })
})
