import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Card, Heading, Spinner, Text } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Card, Heading, Text, Spinner', () => {
  it('have no accessibility violations', async () => {
    const { container } = render(
      <main>
        <Heading as="h1" size="2xl">
          Dashboard
        </Heading>
        <Card.Root aria-labelledby="balance-title">
          <Card.Header>
            <Card.Title id="balance-title" asChild>
              <h2>Balance</h2>
            </Card.Title>
            <Card.Description>Demo account</Card.Description>
          </Card.Header>
          <Card.Body>
            <Text numeric size="lg">
              $10,000.00
            </Text>
            <Text tone="gain">▲ +1.25%</Text>
          </Card.Body>
          <Card.Footer>
            <Spinner label="Loading market data..." />
          </Card.Footer>
        </Card.Root>
      </main>,
    )
    await expectNoA11yViolations(container)
  })

  it('Heading renders the requested level', () => {
    render(<Heading as="h1">CREATE A NEW ACCOUNT</Heading>)
    expect(screen.getByRole('heading', { level: 1, name: 'CREATE A NEW ACCOUNT' })).toBeInTheDocument()
  })

  it('Card.Title picks its level with asChild', () => {
    render(
      <Card.Root>
        <Card.Title asChild>
          <h2>Open positions</h2>
        </Card.Title>
      </Card.Root>,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Open positions' })).toBeInTheDocument()
  })

  it('Spinner is announced only when labelled', () => {
    const { rerender } = render(<Spinner />)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    rerender(<Spinner label="Loading" />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
  })
})
