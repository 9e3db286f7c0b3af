import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AutoTraderDialog } from '../../../src/features/marketplace/components/auto-trader-dialog'
import { expectNoA11yViolations } from '../components/test-utils'

function renderDialog(props: { active?: boolean; busy?: boolean } = {}) {
  const onActivate = vi.fn()
  const view = render(
    <AutoTraderDialog
      open
      onOpenChange={() => {}}
      active={props.active ?? false}
      busy={props.busy ?? false}
      onActivate={onActivate}
    />,
  )
  return { ...view, onActivate }
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('AutoTraderDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Auto Trader' })
    await expectNoA11yViolations(container, dialog)
  })

  it('offers low, medium and high with their open trades at once (docs/product/marketplace.md#auto-trader), medium by default', async () => {
    renderDialog()
    const group = await screen.findByRole('group', { name: 'Risk level' })
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
    expect(within(group).getByRole('radio', { name: /Medium/ })).toBeChecked()
    expect(within(group).getByRole('radio', { name: /Low/ })).toHaveAccessibleName(
      'Low 1-2 open trades at once',
    )
    expect(within(group).getByRole('radio', { name: /Medium/ })).toHaveAccessibleName(
      'Medium 2-4 open trades at once',
    )
    expect(within(group).getByRole('radio', { name: /High/ })).toHaveAccessibleName(
      'High Unlimited open trades at once',
    )
  })

  it('keeps Activate disabled until Accept is ticked, then activates the chosen level', async () => {
    const { onActivate } = renderDialog()
    const activate = await screen.findByRole('button', { name: 'Activate' })
    expect(activate).toBeDisabled()
    await userEvent.click(activate)
    expect(onActivate).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('radio', { name: /High/ }))
    await userEvent.click(screen.getByText('I accept the risks of automated trading'))
    expect(screen.getByRole('checkbox', { name: 'I accept the risks of automated trading' })).toBeChecked()
    expect(activate).toBeEnabled()
    await userEvent.click(activate)
    expect(onActivate).toHaveBeenCalledWith('high')

    await userEvent.click(screen.getByText('I accept the risks of automated trading'))
    expect(activate).toBeDisabled()
  })

  it('sends the default medium level when only Accept is touched, from the keyboard', async () => {
    const { onActivate } = renderDialog()
    const dialog = await screen.findByRole('dialog')
    // Let the dialog's initial focus settle before typing.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    const accept = screen.getByRole('checkbox', { name: 'I accept the risks of automated trading' })
    accept.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(accept).toBeChecked())
    // jsdom has no layout, so the focus trap's Tab order is not testable here; focus the button directly.
    screen.getByRole('button', { name: 'Activate' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onActivate).toHaveBeenCalledWith('medium')
  })

  it('shows the busy state while the request is in flight', async () => {
    renderDialog({ busy: true })
    const button = await screen.findByRole('button', { name: 'Activating...' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })

  it("says 'Auto Trader Active' and offers no choice when the user's flag is set", async () => {
    renderDialog({ active: true })
    const dialog = await screen.findByRole('dialog', { name: 'Auto Trader' })
    expect(within(dialog).getByText('Auto Trader Active')).toBeInTheDocument()
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument()
  })
})
