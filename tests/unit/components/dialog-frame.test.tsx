import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DialogFrame } from '../../../src/components/ui/dialog-frame'
import { expectNoA11yViolations, waitForFocusInside } from './test-utils'

/** State of its own, to show whether the content survived a close. */
function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count}
    </button>
  )
}

function Harness() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title="Confirm purchase"
        description="The amount is taken from your balance."
        footer={<button type="button">Confirm</button>}
      >
        <Counter />
      </DialogFrame>
    </>
  )
}

// Axe over a portalled dialog is slow on a busy two-core machine.
describe('DialogFrame', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' })
    await expectNoA11yViolations(container, dialog)
  })

  it('names itself by its title, describes itself, and closes with ✕ and Escape', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' })
    expect(dialog).toHaveAccessibleDescription('The amount is taken from your balance.')
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitForFocusInside(await screen.findByRole('dialog'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('starts fresh on every opening: its content unmounts on close', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }))
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: /Clicked/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeInTheDocument()
  })
})
