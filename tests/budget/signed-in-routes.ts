// The signed-in routes' JavaScript budgets (decision 0025 for the login route; these follow it): for each page behind
// the sign-in, the scripts its first render needs, gzip-compressed, checked after every build in `npm run test:e2e`.
// It fails when a page passes its budget, and when a page has no budget (a new page gets one in the same commit).
//
// What a page's first render needs: index.html's entry with its static imports, then the component chunk of every
// layout above the page (`_protected.tsx`, `main/route.tsx`, `deposit/route.tsx`…) and of the page itself, each with
// its static imports. What the page loads with `import()` after it renders (the chart library, the realtime hub's
// sockets, dialogs) is left out, as the login route's check leaves it out.
import { pathToFileURL } from 'node:url'
import { pageName, pageScripts, signedInPages } from '../../scripts/route-chunks'
import { gzipKb, readManifest } from './manifest'

/**
 * KB gzip before each page's first render. Started at the build's figures when this check came (2026-11-29), rounded
 * up to the next half KB: lower one when a change wins, in the same commit. Each then rose by what decision 0042's
 * loaders added, measured on the same tree with and without them: 0.2 KB in the entry (a stub per split loader in
 * the route tree) for every page, and for a page with a loader 0.3 KB of src/routes/-page-data.ts and its loader.
 * The same day's design-system pass (decision 0040: pattern functions, Text and the shared parts in place of inline
 * css(), each pattern a small chunk of its own) and the back office's presence list (decision 0036) added 1-7 KB to
 * each page (the account pages most, through SectionCard and Text): the budgets were set again to that build's
 * figures, rounded up to the next half KB, and once more after the funds and back-office contracts were split by
 * resource (decision 0039), which moved a few pages by up to 0.8 KB either way. The login route stayed within its
 * own (tests/budget/login-route.ts). The design-system pass's third round (decision 0040: pages composed of Box, Flex,
 * Stack…, whose JSX factory and patterns are one chunk of about 6 KB) added 4-6 KB to most pages, and the verification
 * page's upload form, bound to react-hook-form through FormField and FormSelect, 18 KB with it; /mt4 fell by 18 KB,
 * its dialogs loaded when first opened (decision 0043). The budgets were set again to that build's figures.
 * Then the contracts the dashboard's and /mt4's first render load moved to zod/mini (decision 0043): those pages, and
 * the marketplace, the connection test and the transactions, lost classic zod (8-11 KB); the pages whose own
 * contracts are still classic (the cashier's, the account's, the back office's) load both zods until theirs move,
 * 2.5-3 KB more. The budgets were set again to that build's figures, each with at least 0.25 KB to spare: a change
 * anywhere renames chunks, and the preload lists that name them move a page's size by a few bytes. Then the cashier's
 * and the account's contracts moved to zod/mini too (11-14 KB less on those pages), chunk file names became their hash
 * alone (2.5-4 KB less on every page, decision 0043), and the fifth pass on repeated code (decision 0040) added
 * 0.1-0.5 KB to some: the budgets were set again to that build's figures, the same way. /mt4's then rose by 0.5 KB
 * for its phone pass (decision 0043, "Fourth pass": a media-query hook shared with the sign-up pages, the workspace's
 * fixes from a look at every screen); its start's CPU fell by about a tenth (tests/bench/README.md). Every page then
 * rose by 0.3 KB for the realtime client's watched assets (decision 0043, "Sixth pass": a phone takes the prices of
 * the assets it does not show once a second: /mt4 at rest at 4x, 3.8 -> 2.0 % busy); the budgets of the pages left
 * with less than 0.25 KB to spare were set again the same way. The build then joined the shared chunks that the same
 * pages load (decision 0043, tenth pass): fewer files compress better, and every page fell by 5.5-6.2 KB; the budgets
 * were set again to that build's figures, the same way. /mt4's then fell by 31.6 KB: the watchlist loads the offline
 * database (Dexie) after the workspace's first render; /main/settings's by 5.5 KB: the two-factor set-up's QR code
 * loads when its dialog opens. /main/settings's then fell by 34.8 KB: its Security part (the forms' library, the
 * dialogs) loads after the first render (decision 0043, eleventh pass); the build's shared chunks, grouped again,
 * added 0.1-0.3 KB to the other pages, and the verification page's budget was set again the same way. Its budget then
 * rose by 0.5 KB: the part after the start watches the viewport through the observer that live rows and paged lists
 * share (src/lib/in-viewport.ts, one 0.45 KB file more; decision 0043, twelfth pass).
 */
export const SIGNED_IN_ROUTE_BUDGETS_KB: Record<string, number> = {
  '/admin': 255,
  '/admin/audit': 245,
  '/admin/chat': 290.5,
  '/admin/clients': 215,
  '/admin/clients/$userId': 287,
  '/admin/outbox': 219.5,
  '/admin/requests': 279.5,
  '/admin/settings': 266.5,
  '/main/accounts': 231,
  '/main/chat': 270.5,
  '/main/dashboard': 195.5,
  '/main/deposit/$crypto': 198.5,
  '/main/deposit/$crypto/$walletId': 198.5,
  '/main/deposit/card': 232.5,
  '/main/deposit/history': 189.5,
  '/main/deposit/qr-code': 193,
  '/main/deposit/wire': 210.5,
  '/main/deposit/wire-confirmation': 190.5,
  '/main/marketplace': 222,
  '/main/personal': 245.5,
  '/main/savings': 235,
  '/main/settings': 232,
  '/main/test': 220,
  '/main/transactions': 231,
  '/main/transactions/statement': 185.5,
  '/main/verification': 245.5,
  '/main/withdrawal': 266.5,
  '/mt4': 307,
}

/**
 * Files before any page's first render, at most. Each is a request, and over HTTP/1.1 a phone waits a round trip for
 * every six: the build joins the shared chunks that the same pages load (decision 0043, tenth pass), which took the
 * largest page from 107 files to 75 and the dashboard from 76 to 45. Without the join this fails.
 */
export const SIGNED_IN_ROUTE_MAX_FILES = 80

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const manifest = readManifest()
  const problems: string[] = []
  const rows = signedInPages(manifest).map((key) => {
    const name = pageName(key)
    const files = pageScripts(manifest, key)
    const kb = gzipKb(files)
    const budget = SIGNED_IN_ROUTE_BUDGETS_KB[name]
    if (budget === undefined) problems.push(`${name} has no budget (${kb.toFixed(1)} KB)`)
    else if (kb > budget) problems.push(`${name} ${kb.toFixed(1)} KB > ${budget} KB`)
    if (files.length > SIGNED_IN_ROUTE_MAX_FILES) {
      problems.push(`${name} loads ${files.length} files > ${SIGNED_IN_ROUTE_MAX_FILES}`)
    }
    return `${name.padEnd(36)} ${kb.toFixed(1).padStart(6)} KB  (budget ${budget ?? '-'})  ${files.length} files`
  })
  console.log(`signed-in routes, JS before the first render, gzip, and its files:\n${rows.join('\n')}`)
  const stale = Object.keys(SIGNED_IN_ROUTE_BUDGETS_KB).filter(
    (name) => !signedInPages(manifest).some((key) => pageName(key) === name),
  )
  if (stale.length > 0) problems.push(`budgets for pages the build no longer has: ${stale.join(', ')}`)
  if (problems.length > 0) {
    console.error(`signed-in routes over their JavaScript budgets or file counts:\n${problems.join('\n')}`)
    process.exit(1)
  }
}
