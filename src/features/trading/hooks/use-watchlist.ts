// The watchlist stars (docs/product/data-model.md#watchlist: saved assets, kept locally in IndexedDB, cleared on
// logout). The offline database (Dexie, about 30 KB gzip) loads after the workspace's first render, when the stars
// are first read: imported statically it was /mt4's largest library before its first paint
// (docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Tenth pass").
import { useCallback, useEffect, useState } from 'react'

const loadDb = () => import('../../../lib/db')

export function useWatchlist() {
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    let cancelled = false
    loadDb()
      .then((db) => db.readWatchlist())
      .then((ids) => {
        if (!cancelled) setSaved(new Set(ids))
      })
      .catch((error: unknown) => console.error('Failed to read the watchlist', error))
    return () => {
      cancelled = true
    }
  }, [])
  const toggle = useCallback((assetId: string) => {
    loadDb()
      .then((db) => db.toggleWatchlist(assetId))
      .then((nowSaved) =>
        setSaved((previous) => {
          const next = new Set(previous)
          if (nowSaved) next.add(assetId)
          else next.delete(assetId)
          return next
        }),
      )
      .catch((error: unknown) => console.error('Failed to update the watchlist', error))
  }, [])
  return { saved, toggle }
}
