// The console's customer panel slot (decision 0017): from 1280 px a column beside the conversation, open by default
// and remembered when closed; below it a sheet opened from the same header button, with focus inside and Escape
// closing it.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { AdminChatConsole } from '../../../src/features/chat/components/admin-chat-console'
import type { Conversation } from '../../../src/features/chat/hooks/use-conversation'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'
import { json, renderWithClient } from './harness'

const ANN: User = {
  id: 2,
  first_name: 'Ann',
  last_name: 'Able',
  name: 'Ann Able',
  username: 'ann',
  email: 'ann@example.com',
  avatar: null,
  account_id: 'CFD2',
  role: 'customer',
  status: 'active',
  is_online: true,
  unread_count: 0,
  balance: 0,
  credit_balance: 0,
  notifications: [],
  accounts: [],
  account_type: null,
  autotrader: false,
  autotrader_request_status: null,
  eas: [],
}

const conversation: Conversation = {
  ref: { customerId: 2, asAdmin: true, viewerId: 1 },
  viewerIsAdmin: true,
  messages: [],
  live: true,
  loading: false,
  error: null,
  retry: () => {},
  hasOlder: false,
  loadingOlder: false,
  loadOlder: () => {},
  onMessageSent: () => {},
  keepSent: () => {},
  onMessageRead: () => {},
  markSeen: () => {},
  catchUp: () => {},
}

const PANEL = (
  <section aria-label="Customer details" data-testid="fake-panel">
    <p>Balance $10,000.00</p>
    <a href="/admin/clients/2">Open client page</a>
  </section>
)

function renderConsole(options: { selectedUserId?: number | null; panel?: boolean } = {}) {
  return renderWithClient(
    <AdminChatConsole
      selectedUserId={options.selectedUserId === undefined ? 2 : options.selectedUserId}
      onSelectUser={() => {}}
      conversation={conversation}
      connection="live"
      indicator={<span>Connected</span>}
      signedIn
      customerPanel={options.panel === false ? undefined : PANEL}
    />,
  )
}

/** A viewport `widthPx` wide, as far as the console's media query is concerned. */
function viewport(widthPx: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0)
    return {
      matches: widthPx >= min,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }
  })
}

const toggle = () => screen.getByRole('button', { name: 'Customer details' })

beforeEach(() => {
  localStorage.clear()
  configureHttp({
    getBaseUrl: () => 'http://api.test/api/v1',
    fetch: async () => json(200, { data: [ANN] }),
    log: () => {},
  })
})
afterEach(() => {
  resetHttpConfig()
  vi.unstubAllGlobals()
})

describe('the customer panel beside the conversation (1280 px and wider)', () => {
  it('is open by default; the header button closes it, and the choice is remembered', async () => {
    viewport(1440)
    const actor = userEvent.setup()
    const first = renderConsole()
    await screen.findAllByTestId('chat-user')
    await expectNoA11yViolations(first.container)
    expect(screen.getByRole('region', { name: 'Customer details' })).toBeInTheDocument()
    expect(toggle()).toHaveAttribute('aria-expanded', 'true')
    expect(toggle()).toHaveAttribute('aria-controls', screen.getByTestId('customer-panel-column').id)

    await actor.click(toggle())
    expect(screen.queryByTestId('customer-panel-column')).toBeNull()
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')

    first.unmount()
    renderConsole()
    expect(screen.queryByTestId('customer-panel-column')).toBeNull()
    await actor.click(toggle())
    expect(screen.getByTestId('customer-panel-column')).toContainElement(screen.getByTestId('fake-panel'))
  })

  it("closes from the column's own Hide button too", async () => {
    viewport(1280)
    const actor = userEvent.setup()
    renderConsole()
    await actor.click(screen.getByRole('button', { name: 'Hide customer details' }))
    expect(screen.queryByRole('region', { name: 'Customer details' })).toBeNull()
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')
  })

  it('offers no panel with nobody selected or without one to show', async () => {
    viewport(1440)
    const { unmount } = renderConsole({ selectedUserId: null })
    expect(screen.queryByRole('button', { name: 'Customer details' })).toBeNull()
    expect(screen.queryByTestId('customer-panel-column')).toBeNull()
    unmount()
    renderConsole({ panel: false })
    expect(screen.queryByRole('button', { name: 'Customer details' })).toBeNull()
  })
})

describe('the customer panel as a sheet (below 1280 px)', () => {
  it('opens from the header button with focus inside, and Escape closes it', async () => {
    viewport(390)
    const actor = userEvent.setup()
    const { container } = renderConsole()
    await screen.findAllByTestId('chat-user')
    expect(screen.queryByRole('region', { name: 'Customer details' })).toBeNull()
    expect(toggle()).toHaveAttribute('aria-haspopup', 'dialog')
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')

    await actor.click(toggle())
    const sheet = await screen.findByRole('dialog', { name: 'Customer details' })
    await waitForFocusInside(sheet)
    expect(sheet).toContainElement(screen.getByTestId('fake-panel'))
    expect(sheet).toHaveTextContent('Balance $10,000.00')
    await expectNoA11yViolations(container, sheet)

    await actor.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer details' })).toBeNull())
    expect(toggle()).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes from its Close button', async () => {
    viewport(800)
    const actor = userEvent.setup()
    renderConsole()
    await actor.click(toggle())
    const sheet = await screen.findByRole('dialog', { name: 'Customer details' })
    await waitForFocusInside(sheet)
    await actor.click(screen.getByRole('button', { name: 'Close customer details' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer details' })).toBeNull())
  })
})
