import { beforeEach, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { createSessionStore } from '../../../src/lib/session-store'
import type { User } from '../../../src/domain/contract/user'

const user = { id: 7, name: 'Demo Customer' } as unknown as User

beforeEach(() => localStorage.clear())

describe('session store (docs/product/data-model.md#session and docs/product/sign-in-and-security.md#session)', () => {
  it('starts loading, empty, with account index 0', () => {
    const store = createSessionStore(localStorage)
    expect(store.getState()).toEqual({ user: null, token: null, selectedAccountIndex: 0, isLoading: true })
  })

  it('signs in by setting user and token, persisted under user-storage', () => {
    const store = createSessionStore(localStorage)
    store.signIn(user, 'tok')
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.SESSION) ?? '{}')
    expect(saved.state).toEqual({ user, token: 'tok', selectedAccountIndex: 0 })
    expect(createSessionStore(localStorage).getState()).toMatchObject({ user, token: 'tok' })
  })

  it('clearing resets user, token and account index', () => {
    const store = createSessionStore(localStorage)
    store.signIn(user, 'tok')
    store.setSelectedAccountIndex(2)
    store.clear()
    expect(store.getState()).toEqual({ user: null, token: null, selectedAccountIndex: 0, isLoading: false })
  })

  it('follows another tab through storage', () => {
    const tabA = createSessionStore(localStorage)
    const tabB = createSessionStore(localStorage)
    tabA.signIn(user, 'tok')
    tabB.syncFromStorage()
    expect(tabB.getState().token).toBe('tok')
    tabA.clear()
    tabB.syncFromStorage()
    expect(tabB.getState().token).toBeNull()
  })

  it('survives corrupt storage', () => {
    localStorage.setItem(STORAGE_KEYS.SESSION, '{not json')
    expect(createSessionStore(localStorage).getState().token).toBeNull()
  })
})
