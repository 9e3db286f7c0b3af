import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/** A signed-out page whose form a later piece of work builds: heading, where it sits, and the way back. */
export function PublicPlannedPage(props: {
  title: string
  summary: ReactNode
  back?: { to: string; label: string }
}) {
  const back = props.back ?? { to: '/', label: 'Back to sign in' }
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', bg: 'bg.app' })}>
      <section
        className={css({
          w: 'full',
          maxW: '30rem',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border',
          rounded: 'xl',
          p: { base: '5', md: '8' },
        })}
      >
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{props.title}</h1>
        <p className={css({ mt: '3', color: 'text.muted' })}>{props.summary}</p>
        <Link
          to={back.to}
          className={css({
            display: 'inline-block',
            mt: '6',
            color: 'accent',
            _hover: { textDecoration: 'underline' },
          })}
        >
          {back.label}
        </Link>
      </section>
    </main>
  )
}
