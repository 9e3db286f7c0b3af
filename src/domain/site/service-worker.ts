// What the page asks the service worker (workers/sw.ts), defined once for both sides.

export const SW_MESSAGES = {
  /** A waiting worker takes over at once: the user pressed Reload on "Update available". */
  SKIP_WAITING: 'SKIP_WAITING',
  /** Answered on the message's port with `{ version }`: the build the worker serves (the connection test). */
  GET_VERSION: 'GET_VERSION',
} as const

export interface SwVersionAnswer {
  /** The precached index.html's revision: it changes with every build that changes the app. */
  version: string | null
}

/** The version of a build from its precache manifest: index.html's revision, shortened. */
export function buildVersion(
  manifest: readonly (string | { url: string; revision?: string | null })[],
): string | null {
  for (const entry of manifest) {
    if (typeof entry === 'string') continue
    if (entry.url.replace(/^\//, '') === 'index.html')
      return entry.revision ? entry.revision.slice(0, 12) : null
  }
  return null
}
