// The app's toast (src/components/ui/toast.ts) loads sonner on its first call: what is toasted before the toaster
// is mounted still shows, in the order it was asked for, with its options.
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toast } from '../../../src/components/ui/toast'
import { toasterDemand } from '../../../src/components/ui/toaster-demand'

afterEach(() => act(() => toast.dismiss()))

describe('toast', () => {
  it('asks the root for the toaster on the first toast, and the toasts made meanwhile show in order', async () => {
    toast.error('Connection failed: Unknown error', { id: 'first' })
    toast.success('Order placed')
    toast('Update available', { description: 'A new version of the app is ready.' })

    // The toaster module has loaded and asked to be mounted, as the root does when asked.
    await waitFor(() => expect(toasterDemand.isWanted()).toBe(true))
    const { Toaster } = await import('../../../src/components/ui/toaster')
    render(<Toaster />)

    const failed = await screen.findByText('Connection failed: Unknown error')
    expect(failed.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
    expect(await screen.findByText('Order placed')).toBeInTheDocument()
    expect(screen.getByText('A new version of the app is ready.')).toBeInTheDocument()
    // Sonner's queue is one per worker, and the unit files share workers (vitest.config.ts): another file's late
    // toast may show beside these. Their order among themselves is the subject.
    const ours = ['Update available', 'Order placed', 'Connection failed: Unknown error']
    const titles = [...document.querySelectorAll('[data-sonner-toast] [data-title]')]
      .map((node) => node.textContent ?? '')
      .filter((title) => ours.includes(title))
    expect(titles).toEqual(ours)
  })

  it('replaces a toast by its id, as the connection notices do', async () => {
    const { Toaster } = await import('../../../src/components/ui/toaster')
    render(<Toaster />)
    toast.loading('Connecting...', { id: 'realtime-connection' })
    await screen.findByText('Connecting...')
    toast.success('Connected to server', { id: 'realtime-connection' })
    await screen.findByText('Connected to server')
    expect(screen.queryByText('Connecting...')).not.toBeInTheDocument()
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1)
  })
})
