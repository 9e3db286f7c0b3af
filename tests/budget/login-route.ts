// The login route's JavaScript budget (decision 0025), checked after every build in `npm run test:e2e`: fails when
// the scripts a first visit to / needs pass the budget, gzip-compressed as a CDN would serve them. It reads the
// build's manifest (dist/.vite/manifest.json; BENCH_CLIENT_DIR=<dir> for another build), so it takes well under a
// second; `npm run bench:initial-js` measures the same thing in a browser, file by file.
//
// What it counts: index.html's entry with everything it imports statically (what index.html preloads), then the
// `/` route's component chunk with its static imports. The login page makes no `import()` as it opens (the service
// worker's bridge uses the browser's API since decision 0031; `npm run bench:initial-js` would show one in a
// browser). Lazy parts only a click loads (the second sign-in step) are left out.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { entryKey, SPLIT, staticClosure, type Manifest } from '../../scripts/route-chunks'
import { CLIENT_DIR, gzipKb, readManifest } from './manifest'

/**
 * KB gzip. The target (decision 0025) is 140 in total and 100 before the first render. The build measured 198.7 and
 * 169.6 when this check came, and 162.6 and 149.1 once the sign-in path lost classic zod and react-hook-form
 * (decision 0027; tests/bench/README.md), then 155.8 and 143.0 once the entry's modules went into one file (decision
 * 0029), then 138.9 and 128.2 once guards replaced zod before the first render and the service worker's bridge
 * dropped workbox-window (decision 0031). The total is the target's 140; the part before the first render holds what
 * was won. 139.5 and 129.1 once price alerts, Web Push and the shared ui parts landed (decisions 0037 and 0040),
 * traced with the builds' source maps: of the 0.97 KB (before gzip) more, 0.67 KB is Panda's pattern and jsx helpers
 * (patternFns, getPatternStyles, normalizeHTMLProps). They live in styled-system/helpers.mjs, one module with what
 * css() needs, so the bundler keeps them in the entry's chunk once any lazy chunk uses a pattern; the rest is the
 * spinner's visuallyHidden() (0.12 KB) and /mt4's asset search parameter (0.05 KB). Patterns are the styling rule
 * (decision 0040), so the budget before the first render is 130. 138.2 and 128.0 once chunk file names became their
 * hash alone (decision 0043): the entry's preload lists name every chunk a page may load.
 */
export const LOGIN_ROUTE_BUDGET_KB = { total: 140, beforeFirstRender: 130 }

/** The login route's own chunk. */
const LOGIN_ROUTE_KEYS = [`src/routes/index.tsx${SPLIT}`]

export function loginRouteScripts(manifest: Manifest) {
  const beforeFirstRender = staticClosure(manifest, [entryKey(manifest)])
  const all = staticClosure(manifest, LOGIN_ROUTE_KEYS, new Set(beforeFirstRender))
  const file = (key: string) => manifest[key]!.file
  return { beforeFirstRender: [...beforeFirstRender].map(file), all: [...all].map(file) }
}

const scripts = loginRouteScripts(readManifest())
// The entry must still set zod's jitless flag (src/domain/contract/zod-jitless.ts): a bundler that drops the import
// as side-effect free leaves every later page's zod probing for eval under a policy that forbids it.
const entrySetsZodFlag = scripts.beforeFirstRender.some((file) =>
  readFileSync(join(CLIENT_DIR, file), 'utf8').includes('__zod_globalConfig'),
)
const totalKb = gzipKb(scripts.all)
const beforeKb = gzipKb(scripts.beforeFirstRender)
const over = [
  totalKb > LOGIN_ROUTE_BUDGET_KB.total &&
    `total ${totalKb.toFixed(1)} KB > ${LOGIN_ROUTE_BUDGET_KB.total} KB`,
  beforeKb > LOGIN_ROUTE_BUDGET_KB.beforeFirstRender &&
    `before the first render ${beforeKb.toFixed(1)} KB > ${LOGIN_ROUTE_BUDGET_KB.beforeFirstRender} KB`,
  !entrySetsZodFlag &&
    "the entry does not set zod's jitless flag (zod-jitless.ts was dropped from the build)",
].filter(Boolean)
console.log(
  `login route JS: ${totalKb.toFixed(1)} KB gzip in ${scripts.all.length} files (budget ${LOGIN_ROUTE_BUDGET_KB.total}), ` +
    `${beforeKb.toFixed(1)} KB before the first render (budget ${LOGIN_ROUTE_BUDGET_KB.beforeFirstRender})`,
)
if (over.length > 0) {
  console.error(`login route over its JavaScript budget: ${over.join('; ')}`)
  process.exit(1)
}
