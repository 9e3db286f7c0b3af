// The page's scripts start after its first paint (decision 0028). Vite writes index.html's entry as a module script
// with a modulepreload link for each chunk it imports, and the browser requests all of them while the page still
// waits for its stylesheet: on a slow network the 150 KB of script share the line with the 21 KB the first paint
// needs. This moves the entry and the preloads into the data attributes of public/boot.js's tag, which requests
// them once the splash is painted. The build only: the dev server keeps Vite's own script.
import type { Plugin } from 'vite'

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/** index.html as built → the same page, whose scripts boot.js requests after the first paint. */
export function scriptsAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (!entry) throw new Error('scripts-after-first-paint: index.html has no module entry script')
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      `<script defer src="/boot.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`,
    )
}

export function scriptsAfterFirstPaintPlugin(): Plugin {
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: scriptsAfterFirstPaint },
  }
}
