// GET and PATCH /user/notification-preferences (decision 0037): a customer's notification preferences as the server
// keeps them, the shape of src/domain/notifications/preferences.ts. The server pushes by the `push` categories; the
// sound and the toasts stay the browser's own choice (the Settings page keeps them per browser) and are stored here
// only when a client sends them. In zod/mini: the settings page loads it for its first render, and zod/mini builds
// schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import './zod-messages'

export const NOTIFICATION_PREFERENCES_MESSAGES = {
  SAVED: 'Notification preferences saved',
  NOTHING_TO_SAVE: 'Send at least one preference to change.',
  NOT_A_CHOICE: 'Each preference is true or false.',
} as const

const choice = z.boolean({ message: NOTIFICATION_PREFERENCES_MESSAGES.NOT_A_CHOICE })

/** What the server keeps and answers: every field, defaults filled in. */
export const StoredNotificationPreferencesSchema = z.object({
  sound: z.boolean(),
  toasts: z.object({ account: z.boolean(), connection: z.boolean() }),
  push: z.object({ funds: z.boolean(), support: z.boolean(), trades: z.boolean() }),
})
export type StoredNotificationPreferences = z.infer<typeof StoredNotificationPreferencesSchema>

export const NotificationPreferencesResponseSchema = z.object({ data: StoredNotificationPreferencesSchema })

export const NotificationPreferencesSavedResponseSchema = z.object({
  message: z.string(),
  data: StoredNotificationPreferencesSchema,
})

/** PATCH: any of the fields; the ones left out keep their stored value. Unknown fields are refused. */
export const NotificationPreferencesPatchSchema = z
  .strictObject({
    sound: z.optional(choice),
    toasts: z.optional(z.strictObject({ account: z.optional(choice), connection: z.optional(choice) })),
    push: z.optional(
      z.strictObject({ funds: z.optional(choice), support: z.optional(choice), trades: z.optional(choice) }),
    ),
  })
  .check(
    z.refine(
      (patch) =>
        patch.sound !== undefined ||
        Object.keys(patch.toasts ?? {}).length > 0 ||
        Object.keys(patch.push ?? {}).length > 0,
      { message: NOTIFICATION_PREFERENCES_MESSAGES.NOTHING_TO_SAVE },
    ),
  )
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatchSchema>
