import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SplashScreen } from '../../../src/features/site/components/splash-screen'

describe('splash timing (docs/product/site-and-gates.md#splash: 0 to 100 in 1 % steps every 30 ms)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('climbs one percent every 30 ms and calls back once at 100', async () => {
    const onComplete = vi.fn()
    render(<SplashScreen siteName="Broker" onComplete={onComplete} />)
    const bar = screen.getByRole('progressbar', { name: 'Loading market data' })
    expect(screen.getByText('Loading market data...')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Broker' })).toBeInTheDocument()
    expect(bar).toHaveAttribute('aria-valuenow', '0')

    await act(() => vi.advanceTimersByTimeAsync(30))
    expect(bar).toHaveAttribute('aria-valuenow', '1')
    await act(() => vi.advanceTimersByTimeAsync(30 * 49))
    expect(bar).toHaveAttribute('aria-valuenow', '50')
    await act(() => vi.advanceTimersByTimeAsync(30 * 49))
    expect(bar).toHaveAttribute('aria-valuenow', '99')
    expect(onComplete).not.toHaveBeenCalled()

    await act(() => vi.advanceTimersByTimeAsync(30))
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    expect(onComplete).toHaveBeenCalledTimes(1)

    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    expect(onComplete).toHaveBeenCalledTimes(1)
  })
})
