import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { createCurrencyStore, useCurrencyCode } from '../../../src/lib/currency-store'

beforeEach(() => localStorage.clear())

describe('currency store (docs/product/data-model.md#currency and docs/product/funds.md#display-currency)', () => {
  it('starts at USD when nothing (or nothing sensible) is stored', () => {
    expect(createCurrencyStore(localStorage).getCode()).toBe('USD')
    localStorage.setItem(STORAGE_KEYS.CURRENCY, '{"state":1}')
    expect(createCurrencyStore(localStorage).getCode()).toBe('USD')
  })

  it("keeps the choice under 'currency'", () => {
    createCurrencyStore(localStorage).setCode('EUR')
    expect(localStorage.getItem('currency')).toBe('EUR')
    expect(createCurrencyStore(localStorage).getCode()).toBe('EUR')
  })

  it('ignores a value that is not a currency code', () => {
    const store = createCurrencyStore(localStorage)
    store.setCode('euro')
    expect(store.getCode()).toBe('USD')
    expect(localStorage.getItem('currency')).toBeNull()
  })

  it('follows another tab through storage and tells its subscribers', () => {
    const tabA = createCurrencyStore(localStorage)
    const tabB = createCurrencyStore(localStorage)
    const { result } = renderHook(() => useCurrencyCode(tabB))
    expect(result.current).toBe('USD')
    tabA.setCode('GBP')
    act(() => tabB.syncFromStorage())
    expect(result.current).toBe('GBP')
  })
})
