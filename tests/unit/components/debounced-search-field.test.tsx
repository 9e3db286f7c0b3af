import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DebouncedSearchField } from '../../../src/components/ui/search-field'
import { expectNoA11yViolations } from './test-utils'

// What the URL would hold: the committed text, given back to the field as its value.
function InTheUrl(props: { initial?: string; onCommit?: (value: string) => void }) {
  const [committed, setCommitted] = useState(props.initial ?? '')
  return (
    <>
      <DebouncedSearchField
        label="Search clients"
        placeholder="Name, e-mail or account ID"
        value={committed}
        onCommit={(value) => {
          props.onCommit?.(value)
          setCommitted(value)
        }}
        delayMs={300}
      />
      <button type="button" onClick={() => setCommitted('from a link')}>
        Back
      </button>
    </>
  )
}

const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search clients' })
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })

describe('DebouncedSearchField', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('has no accessibility violations', async () => {
    vi.useRealTimers()
    const { container } = render(<InTheUrl initial="ann" />)
    await expectNoA11yViolations(container)
  })

  it('commits the trimmed text once typing has paused, not at every key', () => {
    const onCommit = vi.fn()
    render(<InTheUrl onCommit={onCommit} />)
    type('a')
    act(() => vi.advanceTimersByTime(200))
    type(' ann ')
    act(() => vi.advanceTimersByTime(299))
    expect(onCommit).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onCommit).toHaveBeenCalledTimes(1)
    expect(onCommit).toHaveBeenCalledWith('ann')
  })

  it('keeps a space typed before the pause, and commits nothing while the text is what is committed', () => {
    const onCommit = vi.fn()
    render(<InTheUrl onCommit={onCommit} />)
    type('ann ')
    act(() => vi.advanceTimersByTime(300))
    expect(onCommit).toHaveBeenCalledWith('ann')
    expect(box().value).toBe('ann ')
    act(() => vi.advanceTimersByTime(1000))
    expect(onCommit).toHaveBeenCalledTimes(1)
  })

  it('shows the committed text when it changes from elsewhere, and commits nothing for it', () => {
    const onCommit = vi.fn()
    render(<InTheUrl initial="ann" onCommit={onCommit} />)
    expect(box().value).toBe('ann')
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(box().value).toBe('from a link')
    act(() => vi.advanceTimersByTime(1000))
    expect(onCommit).not.toHaveBeenCalled()
  })

  it('commits an emptied box as the empty text', () => {
    const onCommit = vi.fn()
    render(<InTheUrl initial="ann" onCommit={onCommit} />)
    type('  ')
    act(() => vi.advanceTimersByTime(300))
    expect(onCommit).toHaveBeenCalledWith('')
  })
})
