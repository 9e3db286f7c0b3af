// The build manifest's chunk graph, read without touching the disk (so unit tests can feed it a manifest of their
// own): which scripts a chunk pulls in through static imports, and which layouts sit above a page.

export interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/** The manifest keys of `keys` and of everything they import statically, added to `into`. */
export function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()) {
  const visit = (key: string) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return into
}

/** index.html's entry: what every first visit loads before anything renders. */
export function entryKey(manifest: Manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'))
  if (!entry) throw new Error('the manifest has no index.html entry')
  return entry
}

/**
 * The chunk of a route's component and loader: the router plugin names a split by the parts it holds, and
 * vite.config.ts ships each loader with its component (decision 0042).
 */
export const SPLIT = '?tsr-split=component---loader'
const PROTECTED = 'src/routes/_protected'

/** A route file's path without `.tsx` (src/routes/_protected/main/deposit/card). */
const stem = (key: string) => key.slice(0, -(SPLIT.length + '.tsx'.length))

/** The pages behind the sign-in: every component chunk under _protected that is not a layout of other routes. */
export function signedInPages(manifest: Manifest): string[] {
  const routeKeys = Object.keys(manifest).filter(
    (key) => key.startsWith(`${PROTECTED}/`) && key.endsWith(SPLIT),
  )
  const isLayout = (key: string) => {
    const base = stem(key).replace(/\/route$/, '')
    return routeKeys.some((other) => other !== key && stem(other).startsWith(`${base}/`))
  }
  return routeKeys.filter((key) => !isLayout(key)).sort()
}

/** The layouts above a page, outermost first, as manifest keys: `dir.tsx` or `dir/route.tsx` for each folder. */
export function layoutsAbove(manifest: Manifest, pageKey: string): string[] {
  const parts = stem(pageKey).split('/')
  const layouts: string[] = []
  for (let depth = 3; depth < parts.length; depth += 1) {
    const dir = parts.slice(0, depth).join('/')
    for (const candidate of [`${dir}.tsx${SPLIT}`, `${dir}/route.tsx${SPLIT}`]) {
      if (candidate !== pageKey && manifest[candidate]) layouts.push(candidate)
    }
  }
  return layouts
}

/** The page's URL-like name in the budget table: src/routes/_protected/main/deposit/card -> /main/deposit/card. */
export const pageName = (pageKey: string) =>
  stem(pageKey)
    .slice(PROTECTED.length)
    .replace(/\/(index|route)$/, '')

export function pageScripts(manifest: Manifest, pageKey: string): string[] {
  const keys = staticClosure(manifest, [entryKey(manifest), ...layoutsAbove(manifest, pageKey), pageKey])
  return [...keys].map((key) => manifest[key]!.file)
}
