import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { FormSwitch } from '../../../src/components/ui/form-switch'
import { expectNoA11yViolations } from './test-utils'

interface Values {
  approval: boolean
  marketplace: boolean
}

function Settings(props: { onSubmit?: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { approval: true, marketplace: false } })
  return (
    <form
      aria-label="Settings"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => props.onSubmit?.(values))(event)}
    >
      <FormSwitch control={form.control} name="approval" label="New accounts wait for approval" />
      <FormSwitch control={form.control} name="marketplace" label="Marketplace" />
      <button type="submit">Save</button>
    </form>
  )
}

describe('FormSwitch', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Settings />)
    await expectNoA11yViolations(container)
  })

  it('starts from the form’s values and sends whether each is on, by pointer and by Space', async () => {
    const onSubmit = vi.fn()
    render(<Settings onSubmit={onSubmit} />)
    const approval = screen.getByRole('switch', { name: 'New accounts wait for approval' })
    const marketplace = screen.getByRole('switch', { name: 'Marketplace' })
    expect(approval).toBeChecked()
    expect(marketplace).not.toBeChecked()

    await userEvent.click(screen.getByText('Marketplace'))
    await waitFor(() => expect(marketplace).toBeChecked())
    approval.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(approval).not.toBeChecked())
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ approval: false, marketplace: true }))
  })
})
