import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Save } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { Button, IconButton } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Button', () => {
  it('has no accessibility violations in any variant or state', async () => {
    const { container } = render(
      <div>
        <Button>Solid</Button>
        <Button variant="outline">Outline</Button>
        <Button variant="ghost">Ghost</Button>
        <Button variant="danger">Danger</Button>
        <Button variant="gain">Buy</Button>
        <Button variant="loss">Sell</Button>
        <Button loading>Saving</Button>
        <IconButton aria-label="Save">
          <Save />
        </IconButton>
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a non-submitting button by default and runs onClick', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Go</Button>)
    const button = screen.getByRole('button', { name: 'Go' })
    expect(button).toHaveAttribute('type', 'button')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('while loading is disabled and busy, shows a spinner and keeps its label', async () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Check Status
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Check Status' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toHaveTextContent('Check Status')
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull()
    await userEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('shows loadingText instead of the label while loading', () => {
    render(
      <Button type="submit" loading loadingText="Creating account...">
        CREATE ACCOUNT
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Creating account...' })
    expect(button).toHaveAttribute('type', 'submit')
    expect(button).toBeDisabled()
  })

  it('forwards its ref to the <button>', () => {
    let node: HTMLButtonElement | null = null
    render(<Button ref={(el) => void (node = el)}>Ref</Button>)
    expect(node).toBeInstanceOf(HTMLButtonElement)
  })

  it('IconButton is named by its aria-label', () => {
    render(
      <IconButton aria-label="Save">
        <Save />
      </IconButton>,
    )
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
  })
})
