import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Text } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Text', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <div>
        <Text size="sm" tone="muted">
          Last updated a minute ago
        </Text>
        <Text as="span" weight="semibold" numeric>
          1,250.00 USD
        </Text>
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it('renders the element asked for, a paragraph by default, and keeps its other props', () => {
    render(
      <>
        <Text data-testid="caption">A caption</Text>
        <Text as="span" data-testid="figure" id="figure">
          12
        </Text>
      </>,
    )
    expect(screen.getByTestId('caption').tagName).toBe('P')
    expect(screen.getByTestId('figure').tagName).toBe('SPAN')
    expect(screen.getByTestId('figure')).toHaveAttribute('id', 'figure')
  })

  it('has a class per size, tone and weight, and adds the caller’s class last', () => {
    render(
      <Text size="xs" tone="muted" weight="semibold" className="extra" data-testid="t">
        Words
      </Text>,
    )
    const { className } = screen.getByTestId('t')
    expect(className).toContain('text--size_xs')
    expect(className).toContain('text--tone_muted')
    expect(className).toContain('text--weight_semibold')
    expect(className.endsWith('extra')).toBe(true)
  })
})
