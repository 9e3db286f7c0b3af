// The build's chunk graph as its manifest describes it (a chunk's file and its static imports), read without touching
// the disk so that unit tests can feed it a manifest of their own: which scripts a chunk pulls in, which layouts sit
// above a page. The route budgets (tests/budget) and the signed-in start's preloads (signedInPreloads below, written
// into index.html by scripts/vite-scripts-after-first-paint.ts) both read it.
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

/** Every page a visitor can open, signed in or out: a route's component chunk that is not a layout of other routes. */
function allPages(manifest: Manifest): string[] {
  const routeKeys = Object.keys(manifest).filter(
    (key) => key.startsWith('src/routes/') && key.endsWith(SPLIT),
  )
  const isLayout = (key: string) => {
    const base = stem(key).replace(/\/route$/, '')
    return routeKeys.some((other) => other !== key && stem(other).startsWith(`${base}/`))
  }
  return routeKeys.filter((key) => !isLayout(key)).sort()
}

/** The pages behind the sign-in: every page under _protected. */
export function signedInPages(manifest: Manifest): string[] {
  return allPages(manifest).filter((key) => key.startsWith(`${PROTECTED}/`))
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

/**
 * What boot.js asks for beside the entry on a signed-in visit (decision 0043, ninth pass): the scripts of the route a
 * path opens, so that they download while the entry does instead of after the entry has run and the router has
 * matched. `shared` is what every signed-in page loads (the protected layout); `layouts` maps a layout's path to what
 * its pages load beyond `shared`; `pages` maps a page's path to what it loads beyond its layouts. Paths are the
 * router's (`/main/deposit/$crypto`), file names are relative to /assets/, and nothing the entry already loads is
 * listed.
 */
export interface SignedInPreloads {
  shared: string[]
  layouts: Record<string, string[]>
  pages: Record<string, string[]>
}

const PROTECTED_LAYOUT = `${PROTECTED}.tsx${SPLIT}`

export function signedInPreloads(manifest: Manifest): SignedInPreloads {
  const files = (keys: Iterable<string>) =>
    [...keys].map((key) => manifest[key]!.file.replace(/^assets\//, ''))
  const entry = staticClosure(manifest, [entryKey(manifest)])
  const shared = staticClosure(manifest, [PROTECTED_LAYOUT], new Set(entry))
  const beyond = (keys: string[], known: Set<string>) =>
    files([...staticClosure(manifest, keys, new Set(known))].filter((key) => !known.has(key)))
  const layouts: Record<string, string[]> = {}
  const pages: Record<string, string[]> = {}
  for (const page of signedInPages(manifest)) {
    const above = layoutsAbove(manifest, page).filter((layout) => layout !== PROTECTED_LAYOUT)
    for (const layout of above) layouts[pageName(layout)] ??= beyond([layout], shared)
    pages[pageName(page)] = beyond([page], staticClosure(manifest, above, new Set(shared)))
  }
  return { shared: beyond([PROTECTED_LAYOUT], entry), layouts, pages }
}

/**
 * Which of a build's shared chunks join into one (decision 0043, tenth pass): the name of the group each joins, by
 * manifest key. Rolldown cuts a chunk for every set of route chunks and lazy imports that share modules, so a
 * signed-in page loads 75-95 files of 1-4 KB, and over HTTP/1.1 a phone pays a round trip for every six of them.
 * Chunks that exactly the same pages load (each page with its layouts and their static imports) join: no page loads
 * a byte more before its first render, and a page loads each group whole or not at all. Only shared chunks join (a
 * `_` key: no route, entry or lazy import of their own), never the entry's. A group through which a chunk outside it
 * would import it again (a cycle across files) is left apart. vite.config.ts hands the groups to rolldown for the
 * build's second pass (scripts/vite-shared-chunk-groups.ts).
 */
export function sharedChunkGroups(manifest: Manifest): Map<string, string> {
  const entry = staticClosure(manifest, [entryKey(manifest)])
  const pages = allPages(manifest).map((page) =>
    staticClosure(manifest, [...layoutsAbove(manifest, page), page]),
  )
  const members = new Map<string, string[]>()
  for (const key of Object.keys(manifest).sort()) {
    if (!key.startsWith('_') || entry.has(key)) continue
    const loadedBy = pages.flatMap((loads, index) => (loads.has(key) ? [index] : [])).join(' ')
    if (loadedBy) members.set(loadedBy, [...(members.get(loadedBy) ?? []), key])
  }
  const groups = new Map<string, string>()
  let index = 0
  for (const keys of members.values()) {
    if (keys.length < 2) continue
    const inside = new Set(keys)
    const outsideLeadsBack = [...staticClosure(manifest, keys)].some(
      (key) => !inside.has(key) && keys.some((member) => staticClosure(manifest, [key]).has(member)),
    )
    if (outsideLeadsBack) continue
    index += 1
    for (const key of keys) groups.set(key, `shared-${index}`)
  }
  return groups
}
