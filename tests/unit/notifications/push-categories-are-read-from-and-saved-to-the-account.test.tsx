// The Settings page's 'Also push' switches (decision 0037): read from GET /user/notification-preferences and each
// change sent as PATCH with that one category, the answer taking the switch's place.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { NOTIFICATION_PREFERENCES_MESSAGES } from '../../../src/domain/contract/notification-preferences'
import { PushCategorySettings } from '../../../src/features/account/components/push-category-settings'
import { fakeApi, json, renderWithQuery } from '../trading-dialogs/orders-api'

const stored = (push: { funds: boolean; support: boolean; trades: boolean }) => ({
  sound: true,
  toasts: { account: true, connection: true },
  push,
})

describe('Also push', () => {
  const api = fakeApi()

  it('shows what the account keeps, and saves one category per change', async () => {
    api.answers['GET /user/notification-preferences'] = () =>
      json(200, { data: stored({ funds: true, support: false, trades: true }) })
    api.answers['PATCH /user/notification-preferences'] = () =>
      json(200, {
        message: NOTIFICATION_PREFERENCES_MESSAGES.SAVED,
        data: stored({ funds: false, support: false, trades: true }),
      })
    renderWithQuery(<PushCategorySettings />)

    const funds = await screen.findByRole('switch', { name: 'Deposits and withdrawals' })
    await waitFor(() => expect(funds).toBeEnabled())
    expect(funds).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Support replies' })).not.toBeChecked()
    expect(screen.getByRole('switch', { name: 'Closed positions' })).toBeChecked()
    expect(screen.getByRole('group', { name: 'Also push' })).toBeInTheDocument()

    await userEvent.click(funds)
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Deposits and withdrawals' })).not.toBeChecked(),
    )
    const patch = api.sent.find((request) => request.method === 'PATCH')
    expect(patch?.body).toEqual({ push: { funds: false } })
  })
})
