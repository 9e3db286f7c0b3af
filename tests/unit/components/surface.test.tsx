import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Surface, surface } from '../../../src/components/ui/surface'
import { expectNoA11yViolations } from './test-utils'

describe('Surface', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <main>
        <Surface as="article" aria-labelledby="terms-title" p="5">
          <h1 id="terms-title">Terms</h1>
          <p>The operator’s text.</p>
        </Surface>
        <Surface as="section" aria-label="Summary" display="flex" gap="4">
          <p>This page is being built.</p>
        </Surface>
      </main>,
    )
    await expectNoA11yViolations(container)
  })

  it('renders the element asked for, named as the caller names it, with its test id', () => {
    render(
      <>
        <Surface as="article" aria-labelledby="legal-title" data-testid="legal">
          <h1 id="legal-title">Privacy Policy</h1>
        </Surface>
        <Surface as="section" aria-label="Support chat">
          <p>Messages</p>
        </Surface>
        <Surface data-testid="plain">Plain</Surface>
      </>,
    )
    const article = screen.getByRole('article', { name: 'Privacy Policy' })
    expect(article).toBe(screen.getByTestId('legal'))
    expect(screen.getByRole('region', { name: 'Support chat' }).tagName).toBe('SECTION')
    expect(screen.getByTestId('plain').tagName).toBe('DIV')
  })

  it('draws the surface’s look, with the caller’s style props added and winning over its own', () => {
    render(
      <>
        <Surface data-testid="default">A</Surface>
        <Surface data-testid="padded" p="5" borderColor="accent.border">
          B
        </Surface>
      </>,
    )
    const look = surface()
    const own = screen.getByTestId('default').className.split(' ')
    for (const name of look.split(' ')) expect(own).toContain(name)
    const padded = screen.getByTestId('padded').className.split(' ')
    expect(padded).toContain('p_5')
    expect(padded).toContain('bdr_surface')
    expect(padded).toContain('bd-c_accent.border')
    expect(padded).not.toContain('bd-c_border')
  })
})
