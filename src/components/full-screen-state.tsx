import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/**
 * The frame every full-screen state of docs/product/site-and-gates.md#full-screen-states shares: an icon, a heading,
 * a message and actions.
 */
export function FullScreenState(props: {
  icon: ReactNode
  title: string
  tone?: 'neutral' | 'danger' | 'warning'
  children: ReactNode
  actions?: ReactNode
}) {
  const tone = props.tone ?? 'neutral'
  return (
    <main
      className={css({
        minH: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: '6',
        bg: 'bg.app',
      })}
    >
      <section
        aria-labelledby="full-screen-state-title"
        className={css({
          w: 'full',
          maxW: '28rem',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border',
          rounded: 'xl',
          p: { base: '6', md: '8' },
          textAlign: 'center',
          shadow: 'lg',
        })}
      >
        <div
          aria-hidden="true"
          className={css({
            mx: 'auto',
            mb: '4',
            w: '14',
            h: '14',
            rounded: 'full',
            display: 'grid',
            placeItems: 'center',
            bg: tone === 'danger' ? 'loss.subtle' : tone === 'warning' ? 'warning.subtle' : 'accent.subtle',
            color: tone === 'danger' ? 'loss' : tone === 'warning' ? 'warning' : 'accent',
          })}
        >
          {props.icon}
        </div>
        <h1 id="full-screen-state-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' })}>
          {props.title}
        </h1>
        <div className={css({ color: 'text.muted', lineHeight: 'relaxed' })}>{props.children}</div>
        {props.actions ? (
          <div className={css({ mt: '6', display: 'flex', justifyContent: 'center', gap: '3' })}>
            {props.actions}
          </div>
        ) : null}
      </section>
    </main>
  )
}
