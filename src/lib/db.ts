// The app's one IndexedDB database (docs/architecture.md#offline), and the only module that imports Dexie. Other
// modules call the small functions below; none opens the database itself. Rows are validated when read: anything
// written by an older version or by hand is treated as absent, never trusted.
import Dexie, { type EntityTable, type Table } from 'dexie'
import { ChatMessageSchema, type ChatMessage } from '../domain/contract/chat'
import { LivePriceUpdateSchema, type LivePriceUpdate } from '../domain/contract/realtime'
import { usableDraft, type RegistrationDraft } from '../domain/registration/draft'
import { safeParse, type StandardSchemaV1 } from '../domain/guard'
import { STORAGE_KEYS } from '../domain/storage-keys'

export const DB_NAME = 'cfd-trader'

/** Small documents under a fixed key (STORAGE_KEYS): for now the registration draft. */
export interface DraftRow {
  key: string
  value: unknown
}

/**
 * The watchlist (docs/product/data-model.md#watchlist: saved assets, kept locally;
 * docs/product/offline-and-pwa.md#browser-storage names its storage 'watchlist', the table's name). One row per saved
 * asset, keyed by the price feed's id (Asset.asset_id) so a row survives a reseed that renumbers Asset.id; addedAt
 * (ISO, strictly increasing) keeps the order the assets were saved in.
 */
export interface WatchlistRow {
  assetId: string
  addedAt: string
}

/**
 * Chat history (docs/architecture.md#offline: per conversation, the newest pages), shown at once when a conversation
 * opens and when offline. `conversationId` names the viewer as well as the conversation (`<viewerId>:<customerId>`),
 * so what one signed-in user saw is never shown to another on the same browser; the compound key keeps one row per
 * message per conversation.
 */
export interface ChatHistoryRow {
  conversationId: string
  id: number
  createdAt: string
  message: unknown
}

/** Messages kept per conversation: the newest four pages. */
export const CHAT_HISTORY_LIMIT = 200

/**
 * The last good answer of a query the app shows offline (decision 0021: user, assets, open trades, candles), as
 * TanStack Query held it, with the time it was fetched. Keyed by the signed-in user's id and the query's hash, so one
 * user's copy is never another's; `kind` (the key's first part) lets a kind keep only its newest few.
 */
export interface QueryCopyRow {
  userId: number
  queryHash: string
  kind: string
  data: unknown
  dataUpdatedAt: number
}

/**
 * The last price of each asset the page saw, written every few seconds, never per tick: one row under
 * LAST_PRICES_KEY holds every asset's tick. A page writes it every 10 s for as long as it is open, and one put of one
 * row costs a tenth of a put per asset (100 rows: about 1.5 against 14 ms in Chromium), which on a phone at rest was
 * a sixth of the main thread's work (docs/decisions/0043-the-signed-in-start-on-a-phone.md). Rows of the shape
 * written before, one per asset, are not read; signing out clears them with the rest.
 */
export interface LastPricesRow {
  assetId: string
  ticks: unknown
  savedAt: number
}

/** The key of the one row of last prices (the table's key is `assetId`, from when it held a row per asset). */
export const LAST_PRICES_KEY = '*'

type CfdTraderDb = Dexie & {
  drafts: EntityTable<DraftRow, 'key'>
  watchlist: EntityTable<WatchlistRow, 'assetId'>
  chatHistory: Table<ChatHistoryRow, [string, number]>
  queryCopies: Table<QueryCopyRow, [number, string]>
  lastPrices: EntityTable<LastPricesRow, 'assetId'>
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
  // Version 2: the chat history is keyed by conversation and message (a message id alone cannot say whose copy it
  // is). Dexie cannot change a table's primary key, so the reserved, never-used chatMessages table goes.
  db.version(2).stores({ chatMessages: null, chatHistory: '[conversationId+id]' })
  // Version 3: what the workspace shows offline (decision 0021).
  db.version(3).stores({
    queryCopies: '[userId+queryHash], [userId+kind+dataUpdatedAt]',
    lastPrices: 'assetId',
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

/** asset_ids of the saved assets, oldest first. Rows that are not this shape (older or hand-written) are skipped. */
export async function readWatchlist(): Promise<string[]> {
  const rows: unknown[] = await database().watchlist.orderBy('addedAt').toArray()
  return rows.flatMap((row) => {
    const assetId = (row as Partial<Record<keyof WatchlistRow, unknown>>).assetId
    return typeof assetId === 'string' && assetId !== '' ? [assetId] : []
  })
}

/**
 * Saves the asset, or removes it when it is already saved; resolves to whether it is saved now. One read-write
 * transaction, so two quick taps (or two tabs) cannot both add it.
 */
export async function toggleWatchlist(assetId: string, now: Date = new Date()): Promise<boolean> {
  // readWatchlist skips an empty id, so saving one would report a save that never shows.
  if (assetId === '') return false
  const db = database()
  return db.transaction('rw', db.watchlist, async () => {
    if (await db.watchlist.get(assetId)) {
      await db.watchlist.delete(assetId)
      return false
    }
    // Two saves in the same millisecond (or a clock set back) would tie or invert the order: stay after the last.
    const last = await db.watchlist.orderBy('addedAt').last()
    const lastMs = last ? Date.parse(last.addedAt) : Number.NaN
    const addedMs = Number.isFinite(lastMs) ? Math.max(now.getTime(), lastMs + 1) : now.getTime()
    await db.watchlist.add({ assetId, addedAt: new Date(addedMs).toISOString() })
    return true
  })
}

/** Logout (docs/architecture.md#offline): everything this browser keeps about the user goes, drafts included. */
export async function clearUserData(): Promise<void> {
  const db = database()
  const tables = [db.drafts, db.watchlist, db.chatHistory, db.queryCopies, db.lastPrices]
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()))
  })
}

/** The session ended (a sign-out here or in another tab, an expired token): the offline copies go. */
export async function clearOfflineCopies(): Promise<void> {
  const db = database()
  await db.transaction('rw', [db.queryCopies, db.lastPrices], async () => {
    await Promise.all([db.queryCopies.clear(), db.lastPrices.clear()])
  })
}

/**
 * Stores a query's answer as the user's copy, replacing the previous one. With `keep`, only the newest `keep`
 * copies of the same kind stay (the candles of the charts looked at last).
 */
export async function saveQueryCopy(row: QueryCopyRow, keep?: number): Promise<void> {
  const db = database()
  await db.transaction('rw', db.queryCopies, async () => {
    await db.queryCopies.put(row)
    if (keep === undefined) return
    const older = await db.queryCopies
      .where('[userId+kind+dataUpdatedAt]')
      .between([row.userId, row.kind, Dexie.minKey], [row.userId, row.kind, Dexie.maxKey])
      .reverse()
      .offset(keep)
      .primaryKeys()
    await db.queryCopies.bulkDelete(older)
  })
}

/** The user's copy of a query, or null when there is none or it no longer parses with `schema`. */
export async function readQueryCopy<T>(
  userId: number,
  queryHash: string,
  schema: StandardSchemaV1<unknown, T>,
): Promise<{ data: T; dataUpdatedAt: number } | null> {
  const row: Partial<Record<keyof QueryCopyRow, unknown>> | undefined = await database().queryCopies.get([
    userId,
    queryHash,
  ])
  if (!row || typeof row.dataUpdatedAt !== 'number' || !Number.isFinite(row.dataUpdatedAt)) return null
  const parsed = safeParse(schema, row.data)
  return parsed.success ? { data: parsed.data, dataUpdatedAt: row.dataUpdatedAt } : null
}

/** Replaces the saved last prices with `ticks` (every asset the page holds), saved at `savedAt` (ms). */
export async function saveLastPrices(ticks: readonly LivePriceUpdate[], savedAt: number): Promise<void> {
  await database().lastPrices.put({ assetId: LAST_PRICES_KEY, ticks: [...ticks], savedAt })
}

/** The last saved price of each asset, and when they were saved (null: none). Unreadable ticks are skipped. */
export async function readLastPrices(): Promise<{ ticks: LivePriceUpdate[]; savedAt: number | null }> {
  const row: Partial<Record<keyof LastPricesRow, unknown>> | undefined =
    await database().lastPrices.get(LAST_PRICES_KEY)
  if (!row || !Array.isArray(row.ticks) || typeof row.savedAt !== 'number' || !Number.isFinite(row.savedAt)) {
    return { ticks: [], savedAt: null }
  }
  const ticks = row.ticks.flatMap((tick: unknown) => {
    const parsed = LivePriceUpdateSchema.safeParse(tick)
    return parsed.success ? [parsed.data] : []
  })
  return { ticks, savedAt: ticks.length > 0 ? row.savedAt : null }
}

const conversationRange = (conversationId: string): [[string, unknown], [string, unknown]] => [
  [conversationId, Dexie.minKey],
  [conversationId, Dexie.maxKey],
]

/** The stored messages of a conversation, oldest first. Rows that do not parse as a chat message are skipped. */
export async function readChatHistory(conversationId: string): Promise<ChatMessage[]> {
  const [lower, upper] = conversationRange(conversationId)
  const rows: unknown[] = await database()
    .chatHistory.where('[conversationId+id]')
    .between(lower, upper)
    .toArray()
  return rows.flatMap((row) => {
    const parsed = ChatMessageSchema.safeParse((row as Partial<ChatHistoryRow>).message)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * Keeps the newest `limit` of `messages` (ascending) as the conversation's history, replacing what was stored:
 * one transaction, so a reader never sees half of it.
 */
export async function saveChatHistory(
  conversationId: string,
  messages: readonly ChatMessage[],
  limit: number = CHAT_HISTORY_LIMIT,
): Promise<void> {
  const db = database()
  const [lower, upper] = conversationRange(conversationId)
  const newest = messages.slice(-limit)
  await db.transaction('rw', db.chatHistory, async () => {
    await db.chatHistory.where('[conversationId+id]').between(lower, upper).delete()
    await db.chatHistory.bulkPut(
      newest.map((message) => ({ conversationId, id: message.id, createdAt: message.created_at, message })),
    )
  })
}

/** For tests: close the connection so the database can be deleted between cases. */
export function closeDatabase(): void {
  instance?.close()
  instance = null
}
