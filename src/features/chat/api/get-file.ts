// GET /chat/files/{key}: attachments are served only with the bearer token, so the page fetches them and shows
// them through object URLs. One object URL per file however many rows show it; it is revoked a minute after the
// last of them is gone (a row scrolled out of a virtualised list and back in reuses it).
import { useEffect, useState } from 'react'
import { fetchFile, saveBlob } from '../../../lib/files'

const RELEASE_AFTER_MS = 60_000

interface Entry {
  promise: Promise<string>
  objectUrl: string | null
  users: number
  releaseTimer: ReturnType<typeof setTimeout> | null
}
const entries = new Map<string, Entry>()

function acquire(src: string): Entry {
  let entry = entries.get(src)
  if (!entry) {
    const created: Entry = { promise: Promise.resolve(''), objectUrl: null, users: 0, releaseTimer: null }
    created.promise = fetchFile(src).then((blob) => {
      created.objectUrl = URL.createObjectURL(blob)
      return created.objectUrl
    })
    // A failure is not remembered: the next row to show the file tries again.
    created.promise.catch(() => {
      if (entries.get(src) === created) entries.delete(src)
    })
    entries.set(src, created)
    entry = created
  }
  entry.users += 1
  if (entry.releaseTimer !== null) clearTimeout(entry.releaseTimer)
  entry.releaseTimer = null
  return entry
}

function release(src: string, entry: Entry): void {
  entry.users -= 1
  if (entry.users > 0) return
  entry.releaseTimer = setTimeout(() => {
    if (entries.get(src) === entry) entries.delete(src)
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl)
  }, RELEASE_AFTER_MS)
}

export type FileUrlState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' }

/** An object URL for a protected file while mounted. */
export function useFileUrl(src: string | null): FileUrlState {
  const [state, setState] = useState<{ src: string | null; value: FileUrlState }>({
    src: null,
    value: { status: 'loading' },
  })
  useEffect(() => {
    if (!src) return
    const entry = acquire(src)
    let active = true
    entry.promise.then(
      (url) => active && setState({ src, value: { status: 'ready', url } }),
      () => active && setState({ src, value: { status: 'error' } }),
    )
    return () => {
      active = false
      release(src, entry)
    }
  }, [src])
  return state.src === src ? state.value : { status: 'loading' }
}

/** Saves a protected file under its own name (a download the browser shows as usual). */
export async function saveFile(src: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(src), fileName)
}
