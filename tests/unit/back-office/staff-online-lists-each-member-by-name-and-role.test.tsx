// Staff online (decision 0036's presence-admin.online): each member by name and role, this admin marked 'You', the
// count beside the title, and a member signed without a name still listed.
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StaffOnline, staffMemberOf } from '../../../src/features/back-office/components/staff-online'
import { expectNoA11yViolations } from '../components/test-utils'

const members = [
  { id: '2', info: { name: 'Ada Admin', role: 'admin' } },
  { id: '7', info: { name: 'Grace Officer', role: 'admin' } },
]

describe('StaffOnline', () => {
  it('lists each member with their role, marks this admin and counts them', async () => {
    const { container } = render(<StaffOnline staff={members.map(staffMemberOf)} me="7" />)
    await expectNoA11yViolations(container)
    const card = screen.getByRole('region', { name: 'Staff online' })
    const rows = within(card).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Ada AdminAdmin', 'Grace Officer (You)Admin'])
    expect(within(card).getByText('2').textContent).toBe('2 online')
  })

  it('says it is connecting until the members are known', () => {
    render(<StaffOnline staff={null} me={null} />)
    expect(screen.getByText('Connecting…')).toBeTruthy()
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it('names a member signed without user_info by its id', () => {
    expect(staffMemberOf({ id: '9', info: null })).toEqual({ id: '9', name: 'User 9', role: '' })
  })
})
