import { Link } from '@tanstack/react-router'
import { Text } from '../../../components/ui/text'
import { wrap } from 'styled-system/patterns'
import { AuthCard, authLinkClass } from './auth-card'
import { LoginForm } from './login-form'

/** The sign-in page at / and /login (docs/product/site-and-gates.md#routes). */
export function LoginPage(props: { siteName: string; onSignedIn: () => void }) {
  return (
    <AuthCard siteName={props.siteName} title="Sign in" lead="Welcome back. Sign in to your trading account.">
      <LoginForm onSignedIn={props.onSignedIn} />
      <div className={wrap({ mt: '6', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
        <Link to="/forgot-password" className={authLinkClass}>
          Forgot password?
        </Link>
        <Text as="span" tone="muted">
          New here?{' '}
          <Link to="/signup" className={authLinkClass}>
            Open an account
          </Link>
        </Text>
      </div>
    </AuthCard>
  )
}
