// The signed-in session (docs/product/data-model.md#session), persisted under `user-storage` and kept in step across
// tabs through the `storage` event: a sign-in or sign-out in one tab is followed by every other tab.
import type { User } from '../domain/contract/user'
import { STORAGE_KEYS } from '../domain/storage-keys'

export interface SessionState {
  user: User | null
  token: string | null
  selectedAccountIndex: number
  /** True until the stored session has been checked against the server (or there was nothing to check). */
  isLoading: boolean
}

type PersistedSession = Pick<SessionState, 'user' | 'token' | 'selectedAccountIndex'>
type Listener = () => void

const EMPTY: PersistedSession = { user: null, token: null, selectedAccountIndex: 0 }

function readPersisted(storage: Storage | undefined): PersistedSession {
  try {
    const raw = storage?.getItem(STORAGE_KEYS.SESSION)
    if (!raw) return EMPTY
    // Stored as { state, version } so the shape can evolve without breaking older tabs.
    const parsed = JSON.parse(raw) as { state?: Partial<PersistedSession> }
    const state = parsed.state ?? {}
    return {
      user: state.user && typeof state.user === 'object' ? state.user : null,
      token: typeof state.token === 'string' && state.token ? state.token : null,
      selectedAccountIndex: typeof state.selectedAccountIndex === 'number' ? state.selectedAccountIndex : 0,
    }
  } catch {
    return EMPTY
  }
}

export function createSessionStore(storage: Storage | undefined = globalThis.localStorage) {
  let state: SessionState = { ...readPersisted(storage), isLoading: true }
  const listeners = new Set<Listener>()

  const emit = () => listeners.forEach((listener) => listener())
  const persist = () => {
    const { user, token, selectedAccountIndex } = state
    try {
      storage?.setItem(
        STORAGE_KEYS.SESSION,
        JSON.stringify({ state: { user, token, selectedAccountIndex }, version: 0 }),
      )
    } catch {
      // Storage full or blocked (private mode): the session still works for this tab.
    }
  }
  const set = (patch: Partial<SessionState>, save = true) => {
    state = { ...state, ...patch }
    if (save) persist()
    emit()
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Setting user and token signs in. */
    signIn(user: User, token: string) {
      set({ user, token, isLoading: false })
    },
    setUser(user: User) {
      set({ user })
    },
    setSelectedAccountIndex(index: number) {
      set({ selectedAccountIndex: index })
    },
    finishLoading() {
      set({ isLoading: false }, false)
    },
    /** Clearing the user resets user and token to null and the account index to 0. */
    clear() {
      set({ ...EMPTY, isLoading: false })
    },
    /** Another tab wrote the session: take its values without writing them back. */
    syncFromStorage() {
      set(readPersisted(storage), false)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>

export const sessionStore = createSessionStore()

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.SESSION || event.key === null) sessionStore.syncFromStorage()
  })
}
