import { render, screen } from '@testing-library/react'
import { useLayoutEffect, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { RenderAfterFirstPaint } from '../../../src/components/render-after-first-paint'

// Decision 0043: what surrounds it commits (and paints) without its children; they follow in a transition.
describe('RenderAfterFirstPaint', () => {
  it('commits the fallback first, then its children, which stay', async () => {
    const firstCommit: string[] = []
    // A layout effect runs in the commit, before the browser could paint and before any passive effect.
    function CommitProbe() {
      useLayoutEffect(() => {
        firstCommit.push(document.body.textContent ?? '')
      }, [])
      return null
    }
    let mounts = 0
    function Page() {
      const [count, setCount] = useState(() => {
        mounts += 1
        return 0
      })
      return <button onClick={() => setCount(count + 1)}>Page {count}</button>
    }
    const { rerender } = render(
      <>
        <p>Frame</p>
        <RenderAfterFirstPaint fallback={<p>Loading</p>}>
          <Page />
        </RenderAfterFirstPaint>
        <CommitProbe />
      </>,
    )
    expect(firstCommit).toEqual(['FrameLoading'])
    const page = await screen.findByRole('button', { name: 'Page 0' })
    expect(screen.queryByText('Loading')).toBeNull()

    page.click()
    await screen.findByRole('button', { name: 'Page 1' })
    rerender(
      <>
        <p>Frame again</p>
        <RenderAfterFirstPaint fallback={<p>Loading</p>}>
          <Page />
        </RenderAfterFirstPaint>
        <CommitProbe />
      </>,
    )
    // A later render of the parent keeps the children mounted, with their state.
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeTruthy()
    expect(screen.queryByText('Loading')).toBeNull()
    expect(mounts).toBe(1)
  })

  it('shows nothing in the meantime without a fallback', () => {
    const firstCommit: string[] = []
    function CommitProbe() {
      useLayoutEffect(() => {
        firstCommit.push(document.body.textContent ?? '')
      }, [])
      return null
    }
    render(
      <>
        <RenderAfterFirstPaint>
          <p>Later</p>
        </RenderAfterFirstPaint>
        <CommitProbe />
      </>,
    )
    expect(firstCommit).toEqual([''])
    expect(screen.getByText('Later')).toBeTruthy()
  })
})
