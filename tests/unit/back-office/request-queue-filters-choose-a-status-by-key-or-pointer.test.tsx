// The request queue's filters: the status is one choice among Pending, Approved, Rejected and All (a segmented
// control: one Tab stop, the arrow keys choose), the type a select beside it.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RequestQueueFilters } from '../../../src/features/back-office/components/request-queue-filters'
import { expectNoA11yViolations } from '../components/test-utils'

describe('RequestQueueFilters', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <RequestQueueFilters status="pending" type={undefined} reportedTypes={[]} onChange={() => {}} />,
    )
    await expectNoA11yViolations(container)
  })

  it('shows the status chosen and changes it with the arrow keys or a click', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<RequestQueueFilters status="pending" type={undefined} reportedTypes={[]} onChange={onChange} />)
    const status = screen.getByRole('radiogroup', { name: 'Status' })
    expect(
      within(status)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Pending', 'Approved', 'Rejected', 'All'])
    expect(within(status).getByRole('radio', { name: 'Pending' })).toBeChecked()

    await user.tab()
    expect(within(status).getByRole('radio', { name: 'Pending' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(onChange).toHaveBeenLastCalledWith({ status: 'approved' })

    await user.click(within(status).getByText('All'))
    expect(onChange).toHaveBeenLastCalledWith({ status: 'all' })
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeInTheDocument()
  })
})
