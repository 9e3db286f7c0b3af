import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Button, Popover } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

function MarginHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost">What is margin?</Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content>
          <Popover.Title>Margin</Popover.Title>
          <Popover.Description>Volume × price ÷ leverage.</Popover.Description>
          <Popover.CloseTrigger />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}

describe('Popover', () => {
  it('has no accessibility violations when open', async () => {
    const { container } = render(<MarginHelp />)
    await userEvent.click(screen.getByRole('button', { name: 'What is margin?' }))
    const popover = await screen.findByRole('dialog', { name: 'Margin' })
    await expectNoA11yViolations(container, popover)
  })

  it('opens from its trigger and closes on Escape, returning focus', async () => {
    render(<MarginHelp />)
    const trigger = screen.getByRole('button', { name: 'What is margin?' })
    await userEvent.click(trigger)
    expect(await screen.findByRole('dialog', { name: 'Margin' })).toHaveAccessibleDescription(
      'Volume × price ÷ leverage.',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // zag restores focus on the frame after the content unmounts, so a loaded machine can see the gap.
    await waitFor(() => expect(trigger).toHaveFocus())
  })

  it('closes from its ✕ button named Close', async () => {
    render(<MarginHelp />)
    await userEvent.click(screen.getByRole('button', { name: 'What is margin?' }))
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
