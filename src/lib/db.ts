// The app's one IndexedDB database (DESIGN section 5), and the only module that imports Dexie. Other modules call the
// small functions below; none opens the database itself. Rows are validated when read: anything written by an
// older version or by hand is treated as absent, never trusted.
import Dexie, { type EntityTable } from 'dexie'
import { usableDraft, type RegistrationDraft } from '../domain/registration/draft'
import { STORAGE_KEYS } from '../domain/storage-keys'

export const DB_NAME = 'cfd-trader'

/** Small documents under a fixed key (STORAGE_KEYS): for now the registration draft. */
export interface DraftRow {
  key: string
  value: unknown
}

/** Reserved for the watchlist work (spec 3, Watchlist: saved assets, kept locally); one row per saved asset. */
export interface WatchlistRow {
  assetId: number
  symbol: string
  addedAt: string
}

/**
 * Reserved for the chat work (DESIGN section 5: chat history per conversation, newest pages). `conversationId` is
 * the customer's id (an admin keeps one conversation per customer); the compound index pages by time.
 */
export interface ChatMessageRow {
  id: number
  conversationId: string
  createdAt: string
  message: unknown
}

type CfdTraderDb = Dexie & {
  drafts: EntityTable<DraftRow, 'key'>
  watchlist: EntityTable<WatchlistRow, 'assetId'>
  chatMessages: EntityTable<ChatMessageRow, 'id'>
}

let instance: CfdTraderDb | null = null

// Created on first use, not at import: a page that never touches storage never opens IndexedDB.
function database(): CfdTraderDb {
  if (instance) return instance
  const db = new Dexie(DB_NAME) as CfdTraderDb
  db.version(1).stores({
    drafts: 'key',
    watchlist: 'assetId, addedAt',
    chatMessages: 'id, conversationId, [conversationId+createdAt]',
  })
  instance = db
  return db
}

export async function saveRegistrationDraft(draft: RegistrationDraft): Promise<void> {
  await database().drafts.put({ key: STORAGE_KEYS.REGISTRATION_DRAFT, value: draft })
}

/** The stored draft, or null when there is none, it does not parse or it is over 24 h old (then it is removed). */
export async function readRegistrationDraft(now: Date = new Date()): Promise<RegistrationDraft | null> {
  const row = await database().drafts.get(STORAGE_KEYS.REGISTRATION_DRAFT)
  if (!row) return null
  const draft = usableDraft(row.value, now)
  // An expired or unreadable draft still holds a password: do not leave it behind.
  if (!draft) await deleteRegistrationDraft()
  return draft
}

export async function deleteRegistrationDraft(): Promise<void> {
  await database().drafts.delete(STORAGE_KEYS.REGISTRATION_DRAFT)
}

/** Logout (DESIGN section 5): everything this browser keeps about the user goes, drafts included. */
export async function clearUserData(): Promise<void> {
  const db = database()
  await db.transaction('rw', [db.drafts, db.watchlist, db.chatMessages], async () => {
    await Promise.all([db.drafts.clear(), db.watchlist.clear(), db.chatMessages.clear()])
  })
}

/** For tests: close the connection so the database can be deleted between cases. */
export function closeDatabase(): void {
  instance?.close()
  instance = null
}
