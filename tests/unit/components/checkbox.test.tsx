import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { Button, Checkbox, Switch } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Checkbox', () => {
  it('has no accessibility violations, checked, unchecked and invalid', async () => {
    const { container } = render(
      <div>
        <Checkbox label="I agree to the privacy policy" />
        <Checkbox label="Remember me" defaultChecked />
        <Checkbox label="Indeterminate" checked="indeterminate" />
        <Checkbox label="Required" invalid />
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a labelled checkbox that toggles on click and Space', async () => {
    render(<Checkbox label="Remember me" />)
    const box = screen.getByRole('checkbox', { name: 'Remember me' })
    expect(box).not.toBeChecked()
    await userEvent.click(screen.getByText('Remember me'))
    await waitFor(() => expect(box).toBeChecked())
    await userEvent.keyboard(' ')
    await waitFor(() => expect(box).not.toBeChecked())
  })

  it('is reachable with Tab', async () => {
    render(<Checkbox label="Remember me" />)
    await userEvent.tab()
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveFocus()
  })

  it('is controlled with checked / onCheckedChange', async () => {
    const onChange = vi.fn()
    function Controlled() {
      const [checked, setChecked] = useState(false)
      return (
        <Checkbox
          label="Auto trader"
          checked={checked}
          onCheckedChange={(details) => {
            setChecked(details.checked === true)
            onChange(details.checked)
          }}
        />
      )
    }
    render(<Controlled />)
    await userEvent.click(screen.getByText('Auto trader'))
    expect(onChange).toHaveBeenCalledWith(true)
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Auto trader' })).toBeChecked())
  })

  it('works with react-hook-form through a Controller', async () => {
    const onValid = vi.fn()
    function Form() {
      const form = useForm<{ agree: boolean }>({ defaultValues: { agree: false } })
      return (
        <form onSubmit={form.handleSubmit(onValid)}>
          <Controller
            control={form.control}
            name="agree"
            render={({ field }) => (
              <Checkbox
                label="I agree"
                name={field.name}
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                ref={field.ref}
                inputProps={{ onBlur: field.onBlur }}
              />
            )}
          />
          <Button type="submit">Continue</Button>
        </form>
      )
    }
    render(<Form />)
    await userEvent.click(screen.getByText('I agree'))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ agree: true }, expect.anything()))
  })
})

describe('Switch', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Switch label="Sound" defaultChecked />)
    await expectNoA11yViolations(container)
  })

  it('is a labelled switch that toggles', async () => {
    render(<Switch label="Sound" />)
    const toggle = screen.getByRole('switch', { name: 'Sound' })
    expect(toggle).not.toBeChecked()
    await userEvent.click(screen.getByText('Sound'))
    await waitFor(() => expect(toggle).toBeChecked())
  })
})
