import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { CloseTrigger } from '../../../src/components/ui/dialog'
import { DialogCancel, DialogFrame, DialogFrameForm } from '../../../src/components/ui/dialog-frame'
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

/** A dialog whose content is one form, its buttons in the footer. */
function FormHarness(props: { onSave: (name: string) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <DialogFrame open={open} onOpenChange={setOpen} title="Rename the watchlist" size="sm">
        <RenameForm
          onSave={(name) => {
            props.onSave(name)
            setOpen(false)
          }}
        />
      </DialogFrame>
    </>
  )
}

function RenameForm(props: { onSave: (name: string) => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <DialogFrameForm
      aria-label="New name"
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim() === '') setError('Give it a name.')
        else props.onSave(name)
      }}
      footer={
        <>
          <CloseTrigger asChild>
            <button type="button">Cancel</button>
          </CloseTrigger>
          <button type="submit">Save</button>
        </>
      }
    >
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      {error ? <p role="alert">{error}</p> : null}
    </DialogFrameForm>
  )
}

describe('DialogFrameForm', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<FormHarness onSave={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename the watchlist' })
    await expectNoA11yViolations(container, dialog)
  })

  it('holds the fields and the footer’s buttons in one form: Save submits it, and so does Enter', async () => {
    const onSave = vi.fn()
    render(<FormHarness onSave={onSave} />)
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
    const form = await screen.findByRole('form', { name: 'New name' })
    expect(form).toContainElement(screen.getByRole('button', { name: 'Save' }))
    expect(form).toHaveAttribute('novalidate')

    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Give it a name.')
    expect(onSave).not.toHaveBeenCalled()

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Metals{Enter}')
    expect(onSave).toHaveBeenCalledWith('Metals')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('closes without submitting from Cancel', async () => {
    const onSave = vi.fn()
    render(<FormHarness onSave={onSave} />)
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onSave).not.toHaveBeenCalled()
  })
})

/** A confirmation whose footer has the dialog's Cancel beside its action. */
function CancelHarness(props: { onConfirm: () => void; words?: string; busy?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order
      </button>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title="Cancel this order?"
        size="sm"
        footer={
          <>
            <DialogCancel disabled={props.busy}>{props.words}</DialogCancel>
            <button type="button" onClick={props.onConfirm}>
              Confirm
            </button>
          </>
        }
      >
        <p>The order will not be filled.</p>
      </DialogFrame>
    </>
  )
}

describe('DialogCancel', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<CancelHarness onConfirm={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' })
    await expectNoA11yViolations(container, dialog)
  })

  it('is named Cancel and closes the dialog without doing its action, by pointer and by keyboard', async () => {
    const onConfirm = vi.fn()
    render(<CancelHarness onConfirm={onConfirm} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    const cancel = await screen.findByRole('button', { name: 'Cancel' })
    cancel.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('takes the dialog’s own words, and is disabled while the action is in flight', async () => {
    render(<CancelHarness onConfirm={() => {}} words="Keep order" busy />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    expect(await screen.findByRole('button', { name: 'Keep order' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
  })
})
