// The watchlist stars (docs/product/data-model.md#watchlist: saved assets, kept locally in IndexedDB, cleared on
// logout).
import { useCallback, useEffect, useState } from 'react'
import { readWatchlist, toggleWatchlist } from '../../../lib/db'

export function useWatchlist() {
  const [saved, setSaved] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    let cancelled = false
    readWatchlist()
      .then((ids) => {
        if (!cancelled) setSaved(new Set(ids))
      })
      .catch((error: unknown) => console.error('Failed to read the watchlist', error))
    return () => {
      cancelled = true
    }
  }, [])
  const toggle = useCallback((assetId: string) => {
    toggleWatchlist(assetId)
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
