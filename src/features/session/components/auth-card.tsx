import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/** The centred card the signed-out pages share. */
export function AuthCard(props: { siteName: string; title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <main
      className={css({
        minH: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: { base: '4', md: '8' },
        bg: 'bg.app',
        backgroundImage:
          'radial-gradient(60rem 30rem at 10% -10%, rgba(59,130,246,0.16), transparent), radial-gradient(40rem 30rem at 110% 110%, rgba(34,197,94,0.10), transparent)',
      })}
    >
      <div className={css({ w: 'full', maxW: '26rem' })}>
        <p
          className={css({
            textAlign: 'center',
            fontWeight: 'bold',
            fontSize: 'lg',
            mb: '6',
            letterSpacing: 'tight',
          })}
        >
          {props.siteName}
        </p>
        <section
          aria-labelledby="auth-card-title"
          className={css({
            bg: 'bg.surface',
            borderWidth: '1px',
            borderColor: 'border',
            rounded: 'xl',
            p: { base: '5', md: '8' },
            shadow: 'lg',
          })}
        >
          <h1 id="auth-card-title" className={css({ fontSize: '2xl', fontWeight: 'semibold', mb: '1' })}>
            {props.title}
          </h1>
          {props.lead ? (
            <p className={css({ color: 'text.muted', mb: '6', fontSize: 'sm' })}>{props.lead}</p>
          ) : null}
          {props.children}
        </section>
        <p
          className={css({
            mt: '6',
            fontSize: 'xs',
            color: 'text.muted',
            textAlign: 'center',
            lineHeight: 'relaxed',
          })}
        >
          Trading CFDs carries a high level of risk to your capital, and you should only trade with money you
          can afford to lose.
        </p>
      </div>
    </main>
  )
}

export const authLinkClass = css({
  color: 'accent',
  fontWeight: 'medium',
  _hover: { textDecoration: 'underline' },
})
