// This browser's notification choices (decision 0020) under STORAGE_KEYS.NOTIFICATION_PREFERENCES, followed across
// tabs through the `storage` event: the hub plays the sound and shows connection toasts in one tab only, and that tab
// must read what the settings page in another tab chose.
import { useSyncExternalStore } from 'react'
import {
  parseNotificationPreferences,
  type NotificationPreferences,
} from '../domain/notifications/preferences'
import { STORAGE_KEYS } from '../domain/storage-keys'

function read(storage: Storage | undefined): NotificationPreferences {
  try {
    return parseNotificationPreferences(storage?.getItem(STORAGE_KEYS.NOTIFICATION_PREFERENCES))
  } catch {
    return parseNotificationPreferences(null)
  }
}

export function createNotificationPreferencesStore(storage: Storage | undefined = globalThis.localStorage) {
  let preferences = read(storage)
  const listeners = new Set<() => void>()
  const set = (next: NotificationPreferences) => {
    preferences = next
    listeners.forEach((listener) => listener())
  }
  return {
    get: () => preferences,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    update(patch: (current: NotificationPreferences) => NotificationPreferences) {
      const next = patch(preferences)
      try {
        storage?.setItem(STORAGE_KEYS.NOTIFICATION_PREFERENCES, JSON.stringify(next))
      } catch {
        // Storage full or blocked (private mode): the choice still holds for this tab.
      }
      set(next)
    },
    /** Another tab changed them: take them without writing them back. */
    syncFromStorage() {
      set(read(storage))
    },
  }
}

export type NotificationPreferencesStore = ReturnType<typeof createNotificationPreferencesStore>

export const notificationPreferencesStore = createNotificationPreferencesStore()

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.NOTIFICATION_PREFERENCES || event.key === null) {
      notificationPreferencesStore.syncFromStorage()
    }
  })
}

export function useNotificationPreferences(
  store: NotificationPreferencesStore = notificationPreferencesStore,
): NotificationPreferences {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
