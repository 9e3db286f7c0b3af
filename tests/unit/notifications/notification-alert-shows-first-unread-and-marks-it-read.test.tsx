// The notification alert (docs/product/data-model.md#notification and
// docs/product/orders-and-alerts.md#notifications): the first unread one in its colour; dismissing it marks it read
// and reloads the user; a 'temp-' id is only hidden here.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { NotificationAlert } from '../../../src/features/notifications'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp } from '../marketplace/harness'

const api = fakeApi()

type Notifications = User['notifications']

const NOTIFICATIONS: Notifications = [
  { id: 1, title: 'Old news', message: 'Already read.', color: 'info', read: true },
  { id: 2, title: 'Margin call', message: 'Your margin level is below 100%.', color: 'danger', read: false },
  { id: 3, title: 'Deposit received', message: '$500.00 credited.', color: 'success', read: false },
]

function renderAlert(notifications: Notifications) {
  const onRead = vi.fn(async () => {})
  const view = renderWithApp(() => (
    <NotificationAlert notifications={notifications} placement="page" onRead={onRead} />
  ))
  return { ...view, onRead }
}

const alertRegion = () => screen.getByRole('complementary', { name: 'Notification' })

describe('the notification alert', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderAlert(NOTIFICATIONS)
    await screen.findByText('Margin call')
    await expectNoA11yViolations(container)
  })

  it('shows the first unread notification only, in its colour', async () => {
    renderAlert(NOTIFICATIONS)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveAttribute('data-variant', 'destructive')
    expect(alert).toHaveTextContent('Margin call')
    expect(alert).toHaveTextContent('Your margin level is below 100%.')
    expect(screen.queryByText('Old news')).not.toBeInTheDocument()
    expect(screen.queryByText('Deposit received')).not.toBeInTheDocument()
  })

  it.each([
    ['success', 'success'],
    ['warning', 'warning'],
    ['danger', 'destructive'],
    ['info', 'default'],
    ['purple', 'default'],
  ])('maps the colour %s to the %s alert', async (color, variant) => {
    renderAlert([{ id: 9, title: 'Note', message: 'Text', color, read: false }])
    await screen.findByText('Note')
    expect(within(alertRegion()).getByText('Note').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      variant,
    )
  })

  it('marks a dismissed notification read, reloads the user and shows the next one', async () => {
    api.answers['POST /notifications/2/read'] = () => json(200, { message: 'Notification marked as read' })
    const { onRead } = renderAlert(NOTIFICATIONS)
    await screen.findByText('Margin call')
    await userEvent.click(within(alertRegion()).getByRole('button', { name: 'Close' }))
    expect(await screen.findByText('Deposit received')).toBeInTheDocument()
    expect(screen.queryByText('Margin call')).not.toBeInTheDocument()
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1))
    expect(api.sent).toEqual([{ method: 'POST', path: '/notifications/2/read', body: {} }])
  })

  it("only hides a 'temp-' notification: no request, no reload", async () => {
    const { onRead } = renderAlert([
      {
        id: 'temp-1',
        title: 'Offline copy',
        message: 'Shown before the server knew it.',
        color: 'warning',
        read: false,
      },
    ])
    await screen.findByText('Offline copy')
    await userEvent.click(within(alertRegion()).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('complementary', { name: 'Notification' })).not.toBeInTheDocument()
    expect(api.sent).toEqual([])
    expect(onRead).not.toHaveBeenCalled()
  })

  it('shows it again when the server could not mark it read', async () => {
    api.answers['POST /notifications/2/read'] = () => json(503, { message: 'Unavailable' })
    const { onRead } = renderAlert(NOTIFICATIONS)
    await screen.findByText('Margin call')
    await userEvent.click(within(alertRegion()).getByRole('button', { name: 'Close' }))
    expect(await screen.findByText('Margin call')).toBeInTheDocument()
    expect(onRead).not.toHaveBeenCalled()
  })

  it('shows nothing when every notification is read', () => {
    renderAlert([{ id: 1, title: 'Old', message: 'Read', color: 'info', read: true }])
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })
})
