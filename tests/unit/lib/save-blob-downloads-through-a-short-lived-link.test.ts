// saveBlob (src/lib/files.ts): the app's one way to hand a Blob to the browser as a named download.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveBlob } from '../../../src/lib/files'

// jsdom has no object URLs: each test lends URL its own, and they go afterwards.
const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
afterEach(() => {
  Object.assign(URL, original)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('saveBlob', () => {
  it('clicks a link to an object URL named as the file, removes it, and lets the URL go a moment later', () => {
    vi.useFakeTimers()
    const create = vi.fn(() => 'blob:statement')
    const revoke = vi.fn()
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke })
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const blob = new Blob(['date,type\n'], { type: 'text/csv' })

    saveBlob(blob, 'statement-all.csv')

    expect(create).toHaveBeenCalledWith(blob)
    expect(clicked).toHaveLength(1)
    expect(clicked[0]?.download).toBe('statement-all.csv')
    expect(clicked[0]?.href).toBe('blob:statement')
    expect(document.querySelector('a[download]')).toBeNull()
    expect(revoke).not.toHaveBeenCalled()
    vi.advanceTimersByTime(10_000)
    expect(revoke).toHaveBeenCalledWith('blob:statement')
  })
})
