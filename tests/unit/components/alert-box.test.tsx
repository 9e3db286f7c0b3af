import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AlertBox, type AlertBoxVariant } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const CASES: { variant: AlertBoxVariant; role: 'alert' | 'status'; icon: string }[] = [
  { variant: 'default', role: 'status', icon: 'lucide-info' },
  { variant: 'destructive', role: 'alert', icon: 'lucide-circle-alert' },
  { variant: 'success', role: 'status', icon: 'lucide-circle-check' },
  { variant: 'warning', role: 'alert', icon: 'lucide-triangle-alert' },
]

describe('AlertBox', () => {
  it('has no accessibility violations in any variant', async () => {
    const { container } = render(
      <div>
        {CASES.map(({ variant }) => (
          <AlertBox
            key={variant}
            variant={variant}
            title={`${variant} title`}
            description="Details"
            onClose={() => {}}
          />
        ))}
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it.each(CASES)(
    '$variant: renders title and description with role $role and its own icon',
    ({ variant, role, icon }) => {
      render(
        <AlertBox
          variant={variant}
          title="Account Currently Disabled"
          description={
            <>
              Your account is currently disabled, <strong>please contact support.</strong>
            </>
          }
        />,
      )
      const box = screen.getByRole(role)
      expect(box).toHaveTextContent('Account Currently Disabled')
      expect(box).toHaveTextContent('Your account is currently disabled, please contact support.')
      expect(box.querySelector(`svg.${icon}`)).not.toBeNull()
      expect(box.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull()
    },
  )

  it('defaults to the default variant (role status)', () => {
    render(<AlertBox description="Loading market data..." />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading market data...')
  })

  it('renders title or description alone', () => {
    render(<AlertBox variant="success" title="Saved" />)
    expect(screen.getByRole('status')).toHaveTextContent('Saved')
  })

  it('calls onClose from a close button named Close', async () => {
    const onClose = vi.fn()
    render(<AlertBox variant="warning" description="Market closed" onClose={onClose} />)
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('has no close button without onClose', () => {
    render(<AlertBox variant="destructive" description="Failed" />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
