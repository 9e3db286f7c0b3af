import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'

// One panel of a cashier page: a heading (h2, under the page's h1) and its content on a surface.

export function FundsSection(props: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <section
      data-testid={props.testId}
      aria-label={props.title}
      className={cx(
        grid({
          gap: '4',
          p: { base: '4', md: '6' },
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          rounded: 'surface',
          minW: '0',
        }),
        props.className,
      )}
    >
      <header className={wrap({ alignItems: 'flex-start', justifyContent: 'space-between', gap: '2 4' })}>
        <div className={css({ minW: '0' })}>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{props.title}</h2>
          {props.description ? (
            <p className={css({ mt: '1', fontSize: 'sm', color: 'text.muted' })}>{props.description}</p>
          ) : null}
        </div>
        {props.actions}
      </header>
      {props.children}
    </section>
  )
}
