import { describe, expect, it } from 'vitest'
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  parseNotificationPreferences,
  showsToast,
  TOAST_EVENTS,
} from '../../../src/domain/notifications/preferences'
import { createNotificationPreferencesStore } from '../../../src/lib/notification-preferences'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'

describe('notification preferences', () => {
  it('are all on until the customer says otherwise, whatever is stored', () => {
    for (const raw of [null, '', 'not json', '[]', '{"sound":"loud"}']) {
      expect(parseNotificationPreferences(raw)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES)
    }
  })

  it('keep what was chosen and default only what is missing', () => {
    const parsed = parseNotificationPreferences('{"sound":false,"toasts":{"connection":false}}')
    expect(parsed).toEqual({
      sound: false,
      toasts: { account: true, connection: false },
      push: { funds: true, support: true, trades: true },
    })
    expect(parseNotificationPreferences('{"push":{"trades":false,"funds":"x"}}').push).toEqual({
      funds: true,
      support: true,
      trades: false,
    })
    expect(showsToast(parsed, TOAST_EVENTS.CONNECTION)).toBe(false)
    expect(showsToast(parsed, TOAST_EVENTS.ACCOUNT)).toBe(true)
  })

  it('are saved per browser and read back by another tab', () => {
    localStorage.clear()
    const store = createNotificationPreferencesStore(localStorage)
    store.update((current) => ({ ...current, sound: false }))
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.NOTIFICATION_PREFERENCES) ?? '{}')).toMatchObject({
      sound: false,
    })
    const otherTab = createNotificationPreferencesStore(localStorage)
    expect(otherTab.get().sound).toBe(false)
  })
})
