import { describe, expect, it } from 'vitest'

// The styling budget of decision 0040: features compose patterns, recipes and ui parts, and an inline css({...}) is
// for a one-off. The counts may only go down; whoever lowers one lowers its budget here in the same commit.

/**
 * Inline `css({` calls in src/features, with the `flex({` pattern calls: `flex()` is Panda's Flex pattern, but it only
 * sets `display: flex` and passes every other property through, so it is an inline style under another name.
 */
const INLINE_CSS_BUDGET = 175
/** Hand-written `srOnly: true` in src (use <VisuallyHidden> or visuallyHidden() from styled-system). */
const SR_ONLY_BUDGET = 0

// Every source file's text, read by Vite at transform time (the unit tests run in jsdom, without node's fs).
const SOURCES = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
})

function count(dir: string, pattern: RegExp): { total: number; byFile: Record<string, number> } {
  const byFile: Record<string, number> = {}
  let total = 0
  for (const [file, text] of Object.entries(SOURCES)) {
    if (!file.startsWith(`/${dir}/`)) continue
    const hits = text.match(pattern)?.length ?? 0
    if (hits > 0) byFile[file] = hits
    total += hits
  }
  return { total, byFile }
}

describe('inline styles stay within their budget (decision 0040)', () => {
  it(`has at most ${INLINE_CSS_BUDGET} inline css({ and flex({ calls in src/features`, () => {
    const { total } = count('src/features', /\b(css|flex)\(\{/g)
    expect(total, 'use a pattern (Stack, HStack, Grid…), a recipe or a ui part instead').toBeLessThanOrEqual(
      INLINE_CSS_BUDGET,
    )
  })

  it(`has at most ${SR_ONLY_BUDGET} hand-written srOnly: true in src`, () => {
    const { total, byFile } = count('src', /\bsrOnly:\s*true\b/g)
    expect(total, `use <VisuallyHidden> or visuallyHidden(): ${JSON.stringify(byFile)}`).toBeLessThanOrEqual(
      SR_ONLY_BUDGET,
    )
  })

  it('counts what it claims to count', () => {
    // A pattern that matched nothing would pass every budget: the features do hold inline calls today.
    expect(count('src/features', /\bcss\(\{/g).total).toBeGreaterThan(0)
    expect(count('src/components/ui', /\bcss\(\{/g).total).toBeGreaterThan(0)
  })
})
