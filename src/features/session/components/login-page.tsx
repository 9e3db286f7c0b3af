import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { AuthCard, authLinkClass } from './auth-card'
import { LoginForm } from './login-form'

// The sign-in page styles with css() only (decision 0040's exception): it is the login route, held to its JavaScript
// budget (decision 0025), and each of Panda's pattern functions and the Text part is a small chunk of its own that
// the route would fetch beside it.
/** The sign-in page at / and /login (docs/product/site-and-gates.md#routes). */
export function LoginPage(props: { siteName: string; onSignedIn: () => void }) {
  return (
    <AuthCard siteName={props.siteName} title="Sign in" lead="Welcome back. Sign in to your trading account.">
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
        <Link to="/forgot-password" className={authLinkClass}>
          Forgot password?
        </Link>
        <span className={css({ color: 'text.muted' })}>
          New here?{' '}
          <Link to="/signup" className={authLinkClass}>
            Open an account
          </Link>
        </span>
      </div>
    </AuthCard>
  )
}
