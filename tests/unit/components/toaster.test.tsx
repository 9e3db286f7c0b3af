import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
// Sonner's own toast, beside the Toaster it feeds: the app's lazy one (ui/toast.ts) has its own test.
import { Toaster, toast } from '../../../src/components/ui/toaster'
import { expectNoA11yViolations } from './test-utils'

describe('Toaster', () => {
  it('has no accessibility violations with a toast showing', async () => {
    const { container } = render(<Toaster />)
    act(() => void toast.success('Connected to server'))
    await screen.findByText('Connected to server')
    await expectNoA11yViolations(container)
    act(() => toast.dismiss())
  })

  it('uses the spec defaults: bottom-right, dark, at most 3 visible, close button', async () => {
    const { container } = render(<Toaster />)
    act(() => {
      for (const n of [1, 2, 3, 4]) toast(`Toast ${n}`)
    })
    await screen.findByText('Toast 4')
    const list = container.ownerDocument.querySelector('[data-sonner-toaster]')
    expect(list).toHaveAttribute('data-x-position', 'right')
    expect(list).toHaveAttribute('data-y-position', 'bottom')
    expect(list).toHaveAttribute('data-sonner-theme', 'dark')
    await waitFor(() =>
      expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(3),
    )
    expect(screen.getAllByRole('button', { name: 'Close toast' }).length).toBeGreaterThan(0)
    act(() => toast.dismiss())
  })

  it('gives rich colours to typed toasts', async () => {
    render(<Toaster />)
    act(() => void toast.error('Connection failed: Unknown error'))
    const text = await screen.findByText('Connection failed: Unknown error')
    expect(text.closest('[data-sonner-toast]')).toHaveAttribute('data-rich-colors', 'true')
    expect(text.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
    act(() => toast.dismiss())
  })
})

describe('Toaster timing', () => {
  it('dismisses a toast after 4000 ms by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
    try {
      render(<Toaster />)
      act(() => void toast('Order placed'))
      await act(async () => vi.advanceTimersByTimeAsync(100))
      expect(screen.getByText('Order placed')).toBeInTheDocument()
      await act(async () => vi.advanceTimersByTimeAsync(3700))
      expect(screen.getByText('Order placed')).toBeInTheDocument()
      await act(async () => vi.advanceTimersByTimeAsync(1000))
      expect(screen.queryByText('Order placed')).not.toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})
