import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { LoginForm } from './login-form'

const linkClass = css({ color: 'accent', fontWeight: 'medium', _hover: { textDecoration: 'underline' } })

/** The sign-in page at / and /login (spec 2.1). */
export function LoginPage(props: { siteName: string; onSignedIn: () => void }) {
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
          aria-labelledby="login-title"
          className={css({
            bg: 'bg.surface',
            borderWidth: '1px',
            borderColor: 'border',
            rounded: 'xl',
            p: { base: '5', md: '8' },
            shadow: 'lg',
          })}
        >
          <h1 id="login-title" className={css({ fontSize: '2xl', fontWeight: 'semibold', mb: '1' })}>
            Sign in
          </h1>
          <p className={css({ color: 'text.muted', mb: '6', fontSize: 'sm' })}>
            Welcome back. Sign in to your trading account.
          </p>
          <LoginForm onSignedIn={props.onSignedIn} />
          <div
            className={css({
              mt: '6',
              display: 'flex',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: '2',
              fontSize: 'sm',
            })}
          >
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
            <span className={css({ color: 'text.muted' })}>
              New here?{' '}
              <Link to="/signup" className={linkClass}>
                Open an account
              </Link>
            </span>
          </div>
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
