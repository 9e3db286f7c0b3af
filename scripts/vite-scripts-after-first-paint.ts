// The page's scripts start after its first paint (decision 0028). Vite writes index.html's entry as a module script
// with a modulepreload link for each chunk it imports, and the browser requests all of them while the page still
// waits for its stylesheet: on a slow network the 150 KB of script share the line with the 21 KB the first paint
// needs. This moves the entry and the preloads into the data attributes of public/boot.js's tag, which requests
// them once the splash is painted. The build only: the dev server keeps Vite's own script.
//
// It also writes, in the same tag's data-routes, which scripts each signed-in route loads (signedInPreloads in
// scripts/route-chunks.ts): on a visit with a stored session, boot.js asks for the route's scripts beside the entry
// (decision 0043, ninth pass).
import { relative } from 'node:path'
import type { IndexHtmlTransformContext, Plugin, Rollup } from 'vite'
import { signedInPreloads, type Manifest, type SignedInPreloads } from './route-chunks'

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/** index.html as built → the same page, whose scripts boot.js requests after the first paint. */
export function scriptsAfterFirstPaint(html: string, routes?: SignedInPreloads): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (!entry) throw new Error('scripts-after-first-paint: index.html has no module entry script')
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      `<script defer src="/boot.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"` +
        (routes ? ` data-routes='${attributeText(JSON.stringify(routes))}'` : '') +
        '></script>',
    )
}

/** Text for a single-quoted attribute: the browser turns the two references back into `&` and `'`. */
const attributeText = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;')

/**
 * The bundle's chunk graph in the manifest's shape (build.manifest's keys: a chunk's source module relative to the
 * root, `_<file>` for a shared chunk), which route-chunks.ts reads; the manifest file itself is written after the HTML.
 */
export function manifestOfBundle(bundle: Rollup.OutputBundle, root: string): Manifest {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  const keyOf = new Map(
    chunks.map((chunk) => [
      chunk.fileName,
      chunk.facadeModuleId ? relative(root, chunk.facadeModuleId) : `_${chunk.fileName}`,
    ]),
  )
  return Object.fromEntries(
    chunks.map((chunk) => [
      keyOf.get(chunk.fileName)!,
      {
        file: chunk.fileName,
        isEntry: chunk.isEntry,
        imports: chunk.imports.map((file) => keyOf.get(file) ?? `_${file}`),
      },
    ]),
  )
}

export function scriptsAfterFirstPaintPlugin(): Plugin {
  let root = process.cwd()
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    configResolved: (config) => {
      root = config.root
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html: string, context: IndexHtmlTransformContext) =>
        scriptsAfterFirstPaint(
          html,
          context.bundle ? signedInPreloads(manifestOfBundle(context.bundle, root)) : undefined,
        ),
    },
  }
}
