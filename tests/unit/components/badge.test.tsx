import { render, screen } from '@testing-library/react'
import { VisuallyHidden } from 'styled-system/jsx'
import { describe, expect, it } from 'vitest'
import { Badge } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Badge', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <p>
        Requests{' '}
        <Badge tone="accent">
          4<VisuallyHidden as="span"> pending</VisuallyHidden>
        </Badge>{' '}
        <Badge kind="label" tone="solid">
          Recommended
        </Badge>{' '}
        <Badge kind="label" tone="raised">
          <svg aria-hidden="true" width="12" height="12" />
          Current plan
        </Badge>{' '}
        <Badge kind="label" tone="subtle">
          Open
        </Badge>
      </p>,
    )
    await expectNoA11yViolations(container)
  })

  it('shows its count, reads with its hidden words, and carries its test id', () => {
    render(
      <Badge tone="danger" data-testid="unread-badge">
        3<VisuallyHidden as="span"> unread</VisuallyHidden>
      </Badge>,
    )
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3 unread')
    expect(screen.getByText('unread', { exact: false }).tagName).toBe('SPAN')
  })

  it('has a look per tone, neutral by default', () => {
    render(
      <>
        <Badge data-testid="default">1</Badge>
        <Badge tone="neutral" data-testid="neutral">
          1
        </Badge>
        <Badge tone="accent" data-testid="accent">
          1
        </Badge>
        <Badge tone="danger" data-testid="danger">
          1
        </Badge>
      </>,
    )
    const classes = ['default', 'neutral', 'accent', 'danger'].map((id) => screen.getByTestId(id).className)
    expect(classes[0]).toBe(classes[1])
    expect(new Set(classes.slice(1)).size).toBe(3)
  })

  it('has a look per tone for a label as well, and a label is a pill of its own shape', () => {
    render(
      <>
        <Badge tone="solid" data-testid="solid">
          1
        </Badge>
        <Badge tone="raised" data-testid="raised">
          1
        </Badge>
        <Badge tone="subtle" data-testid="subtle">
          1
        </Badge>
        <Badge kind="count" tone="raised" data-testid="count">
          Current plan
        </Badge>
        <Badge kind="label" tone="raised" data-testid="label">
          Current plan
        </Badge>
      </>,
    )
    const classes = ['solid', 'raised', 'subtle'].map((id) => screen.getByTestId(id).className)
    expect(new Set(classes).size).toBe(3)
    expect(screen.getByTestId('count').className).toBe(classes[1])
    expect(screen.getByTestId('label').className).not.toBe(classes[1])
    expect(screen.getByTestId('label')).toHaveTextContent('Current plan')
  })
})
