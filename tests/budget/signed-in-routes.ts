// The signed-in routes' JavaScript budgets (decision 0025 for the login route; these follow it): for each page behind
// the sign-in, the scripts its first render needs, gzip-compressed, checked after every build in `npm run test:e2e`.
// It fails when a page passes its budget, and when a page has no budget (a new page gets one in the same commit).
//
// What a page's first render needs: index.html's entry with its static imports, then the component chunk of every
// layout above the page (`_protected.tsx`, `main/route.tsx`, `deposit/route.tsx`…) and of the page itself, each with
// its static imports. What the page loads with `import()` after it renders (the chart library, the realtime hub's
// sockets, dialogs) is left out, as the login route's check leaves it out.
import { pathToFileURL } from 'node:url'
import { pageName, pageScripts, signedInPages } from './chunks'
import { gzipKb, readManifest } from './manifest'

/**
 * KB gzip before each page's first render. Started at the build's figures when this check came (2026-11-29), rounded
 * up to the next half KB: lower one when a change wins, in the same commit. Each then rose by what decision 0042's
 * loaders added, measured on the same tree with and without them: 0.2 KB in the entry (a stub per split loader in
 * the route tree) for every page, and for a page with a loader 0.3 KB of src/routes/-page-data.ts and its loader.
 */
export const SIGNED_IN_ROUTE_BUDGETS_KB: Record<string, number> = {
  '/admin/audit': 246.6,
  '/admin/chat': 286.7,
  '/admin/clients/$userId': 287.1,
  '/admin/clients': 215.6,
  '/admin': 256.6,
  '/admin/outbox': 224.6,
  '/admin/requests': 278.6,
  '/admin/settings': 269.7,
  '/main/accounts': 225.7,
  '/main/chat': 269.2,
  '/main/dashboard': 205.6,
  '/main/deposit/$crypto/$walletId': 208.1,
  '/main/deposit/$crypto': 208.1,
  '/main/deposit/card': 241.6,
  '/main/deposit/history': 199.6,
  '/main/deposit/qr-code': 203.6,
  '/main/deposit/wire-confirmation': 200.6,
  '/main/deposit/wire': 219.1,
  '/main/marketplace': 231.6,
  '/main/personal': 258.6,
  '/main/savings': 242.6,
  '/main/settings': 288.2,
  '/main/test': 230.2,
  '/main/transactions': 242.1,
  '/main/transactions/statement': 195.1,
  '/main/verification': 244.6,
  '/main/withdrawal': 274.2,
  '/mt4': 369.6,
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const manifest = readManifest()
  const problems: string[] = []
  const rows = signedInPages(manifest).map((key) => {
    const name = pageName(key)
    const kb = gzipKb(pageScripts(manifest, key))
    const budget = SIGNED_IN_ROUTE_BUDGETS_KB[name]
    if (budget === undefined) problems.push(`${name} has no budget (${kb.toFixed(1)} KB)`)
    else if (kb > budget) problems.push(`${name} ${kb.toFixed(1)} KB > ${budget} KB`)
    return `${name.padEnd(36)} ${kb.toFixed(1).padStart(6)} KB  (budget ${budget ?? '-'})`
  })
  console.log(`signed-in routes, JS before the first render, gzip:\n${rows.join('\n')}`)
  const stale = Object.keys(SIGNED_IN_ROUTE_BUDGETS_KB).filter(
    (name) => !signedInPages(manifest).some((key) => pageName(key) === name),
  )
  if (stale.length > 0) problems.push(`budgets for pages the build no longer has: ${stale.join(', ')}`)
  if (problems.length > 0) {
    console.error(`signed-in routes over their JavaScript budgets:\n${problems.join('\n')}`)
    process.exit(1)
  }
}
