// The Audit page's list (decision 0017): who did what to whom, in words, the client linked, and each row opening to
// its before and after snapshots as plain text (never markup), with the request id and the address it came from.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '../../../src/domain/contract/audit'
import { AuditLog } from '../../../src/features/back-office/components/audit-log'
import { AuditLogFilters } from '../../../src/features/back-office/components/audit-log-filters'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp } from './requests-settings-harness'

const api = fakeApi()

const EVENTS: AuditEvent[] = [
  {
    id: 2,
    actor_id: 2,
    actor_name: 'Ada Admin',
    action: 'request.decided',
    target_user_id: 4,
    target_name: 'Grace Hopper',
    before: { type: 'account', id: 4, status: 'pending' },
    after: { type: 'account', id: 4, status: 'deactivated' },
    reason: 'We could not verify your documents.',
    request_id: 'req-9',
    ip: '203.0.113.7',
    created_at: '2026-11-25T08:42:00.000Z',
  },
  {
    id: 1,
    actor_id: 2,
    actor_name: 'Ada Admin',
    action: 'settings.updated',
    target_user_id: null,
    target_name: null,
    before: { maintenanceMessage: null },
    after: { maintenanceMessage: '<img src=x onerror=alert(1)>' },
    reason: null,
    request_id: 'req-3',
    ip: '203.0.113.7',
    created_at: '2026-11-25T08:30:00.000Z',
  },
]

async function renderLog() {
  api.answers['GET /admin/audit'] = () =>
    json(200, { data: EVENTS, meta: { current_page: 1, last_page: 1, per_page: 25, total: 2 } })
  const view = renderWithApp(() => <AuditLog query={{ page: 1 }} onPageChange={() => {}} />)
  await screen.findByTestId('audit-log')
  return view
}

describe('the audit log', { timeout: 30_000 }, () => {
  it('has no accessibility violations, closed and open', async () => {
    const { container } = await renderLog()
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getAllByRole('button', { name: 'Show changes' })[0]!)
    await expectNoA11yViolations(container)
  })

  it('says each action in words and links the client', async () => {
    await renderLog()
    const [decided, settings] = screen.getAllByTestId('audit-row')
    expect(within(decided!).getByText('Request decided')).toBeInTheDocument()
    expect(within(decided!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/admin/clients/4',
    )
    expect(within(decided!).getByText('We could not verify your documents.')).toBeInTheDocument()
    expect(within(settings!).getByText('Settings updated')).toBeInTheDocument()
    expect(within(settings!).getByText('Whole site')).toBeInTheDocument()
  })

  it('opens a row to its snapshots as text, with the request id and IP', async () => {
    const { container } = await renderLog()
    const toggle = screen.getAllByRole('button', { name: 'Show changes' })[1]!
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Hide changes')

    const details = container.querySelector(`#${toggle.getAttribute('aria-controls')}`) as HTMLElement
    const [before, after] = within(details).getAllByText((_, element) => element?.tagName === 'PRE')
    expect(before).toHaveTextContent('"maintenanceMessage": null')
    expect(after!.textContent).toContain('"maintenanceMessage": "<img src=x onerror=alert(1)>"')
    expect(container.querySelector('img')).toBeNull()
    expect(within(details).getByText('req-3')).toBeInTheDocument()
    expect(within(details).getByText('203.0.113.7')).toBeInTheDocument()
  })
})

describe('the audit filters', { timeout: 30_000 }, () => {
  it('apply typed ids and refuse anything but a number', async () => {
    const changes: unknown[] = []
    renderWithApp(() => <AuditLogFilters filters={{}} onChange={(next) => changes.push(next)} />)
    await userEvent.type(await screen.findByLabelText('Admin ID'), 'ada')
    await userEvent.type(screen.getByLabelText('Client ID'), '4')
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByText('Enter a number, e.g. 12')).toBeInTheDocument()
    expect(changes).toEqual([])

    await userEvent.clear(screen.getByLabelText('Admin ID'))
    await userEvent.type(screen.getByLabelText('Admin ID'), '2{Enter}')
    expect(changes).toEqual([{ actor_id: 2, user_id: 4 }])
  })
})
