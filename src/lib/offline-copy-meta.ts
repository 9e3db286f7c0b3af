// How a query asks for an offline copy (./offline-copies): the `meta` it carries. Apart from ./offline-copies so
// that the queries of every page's root (the user) can ask without bringing the copies' machinery along: that is
// started only for a signed-in page (./offline-copies-start), and the sign-in page never loads it (decision 0027).
import type { StandardSchemaV1 } from '../domain/guard'

export interface OfflineCopyPolicy {
  /** Parses the copy when it is read back: a copy an older version wrote, or a hand-edited one, is not shown. */
  schema: StandardSchemaV1
  /** Keep only this many copies of the kind (the key's first part) per user, newest first. */
  keep?: number
  /** The copy is the asset list: bring its prices up to the last saved ones when it is restored. */
  withLastPrices?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { offlineCopy?: OfflineCopyPolicy }
  }
}

/** `meta` for a query whose last good answer is shown offline. */
export const keepOfflineCopy = (
  schema: StandardSchemaV1,
  options: Omit<OfflineCopyPolicy, 'schema'> = {},
) => ({
  offlineCopy: { schema, ...options },
})

/** The session as the offline copies read it: whose copies to keep, and when that changes. */
export interface SessionSource {
  getState: () => { user: { id: number } | null; token: string | null }
  subscribe: (listener: () => void) => unknown
}
