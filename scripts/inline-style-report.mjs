// How features style, in figures (decision 0040): every inline css({...}) and flex({...}) call in src/features, each
// sorted into the shape families the design-system review counted (a muted caption, a row, a stack, a wrap row, a
// heading, a surface, a two-column grid, a centred box, ...), and the calls that are none of them (one-offs).
// `node scripts/inline-style-report.mjs` prints the count per family and per feature. It reads the sources as text:
// a call's object is the text between its braces, and a family is recognised by the properties it sets.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = new URL('../src/features/', import.meta.url).pathname

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.(ts|tsx)$/.test(name)) yield path
  }
}

/** The text of each css({...}) or flex({...}) call's object, braces balanced. */
function* calls(text) {
  const start = /\b(css|flex)\(\{/g
  let match
  while ((match = start.exec(text))) {
    let depth = 0
    let index = match.index + match[0].length - 1
    for (; index < text.length; index += 1) {
      if (text[index] === '{') depth += 1
      else if (text[index] === '}' && --depth === 0) break
    }
    yield { kind: match[1], body: text.slice(match.index + match[0].length, index) }
  }
}

const has = (body, property, value) =>
  new RegExp(`\\b${property}\\s*:\\s*${value === undefined ? '' : `['"]?${value}`}`).test(body)
const keys = (body) => [...body.matchAll(/(?:^|[,{\s])([a-zA-Z_]+)\s*:/g)].map((match) => match[1])

// Each family: a test over the call's top-level keys and values. The first that fits names it.
const FAMILIES = [
  ['visually hidden', (b) => has(b, 'srOnly')],
  [
    'muted caption',
    (b, k) =>
      has(b, 'color', 'text.muted') &&
      k.every((key) => ['color', 'fontSize', 'mt', 'mb', 'fontWeight'].includes(key)),
  ],
  [
    'heading',
    (b, k) =>
      has(b, 'fontSize') &&
      has(b, 'fontWeight') &&
      k.every((key) =>
        ['fontSize', 'fontWeight', 'mb', 'mt', 'lineHeight', 'color', 'letterSpacing'].includes(key),
      ),
  ],
  [
    'two-column grid',
    (b) => has(b, 'display', 'grid') && /gridTemplateColumns[^,}]*(1fr 1fr|repeat\(2)/.test(b),
  ],
  ['centred box', (b) => has(b, 'alignItems', 'center') && has(b, 'justifyContent', 'center')],
  ['wrap row', (b) => has(b, 'flexWrap', 'wrap')],
  ['stack', (b) => (has(b, 'display', 'flex') || b.length === 0) && has(b, 'flexDir', 'column')],
  [
    'row (HStack)',
    (b) => (has(b, 'display', 'flex') || b.length === 0) && has(b, 'alignItems', 'center') && has(b, 'gap'),
  ],
  ['inline row', (b) => has(b, 'display', 'inline-flex')],
  ['surface', (b) => has(b, 'bg') && has(b, 'rounded') && has(b, 'border')],
  ['pane', (b) => has(b, 'p') && has(b, 'borderBottomWidth|borderTopWidth|borderWidth')],
  ['grid', (b) => has(b, 'display', 'grid') && k(b).length <= 3],
]
function k(body) {
  return keys(body)
}

const byFamily = new Map()
const byFeature = new Map()
let total = 0
for (const file of files(ROOT)) {
  const feature = file.slice(ROOT.length).split('/')[0]
  for (const { kind, body } of calls(readFileSync(file, 'utf8'))) {
    const topKeys = keys(body)
    const family =
      FAMILIES.find(([, test]) => test(kind === 'flex' ? `display: 'flex', ${body}` : body, topKeys))?.[0] ??
      'one-off'
    byFamily.set(family, (byFamily.get(family) ?? 0) + 1)
    byFeature.set(feature, (byFeature.get(feature) ?? 0) + 1)
    total += 1
  }
}
const print = (title, map) => {
  console.log(`\n${title}`)
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]))
    console.log(`${String(count).padStart(5)}  ${key}`)
}
console.log(`inline css({ and flex({ calls in src/features: ${total}`)
const families = [...byFamily]
  .filter(([family]) => family !== 'one-off')
  .reduce((sum, [, count]) => sum + count, 0)
console.log(`of them in a shape family: ${families}; one-offs: ${byFamily.get('one-off') ?? 0}`)
print('by family', byFamily)
print('by feature', byFeature)
