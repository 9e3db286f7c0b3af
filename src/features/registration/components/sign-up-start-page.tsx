import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { Layers, Zap } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { PasswordField } from '../../../components/ui/input'
import { EmailField } from '../../../components/ui/email-field'
import { SignUpStartSchema, type SignUpStart } from '../../../domain/contract/auth'
import { SIGN_UP_LABELS } from '../../../domain/registration/messages'
import { useIsMobile } from '../hooks/use-is-mobile'
import { useStartApplication } from '../hooks/use-start-application'
import type { SignUpSiteSettings } from '../types'
import { ReviewBadge } from './review-badge'
import { SignUpFrame } from './sign-up-frame'
import { SocialSignUp } from './social-sign-up'
import { surfaceStyles } from './surface'

const SELLING_POINTS = [
  {
    icon: Zap,
    title: 'Fast account opening and instant funding',
    text: 'Apply in minutes and fund your account straight away.',
  },
  {
    icon: Layers,
    title: 'Six asset classes and 2000+ products',
    text: 'Forex, stocks, crypto, commodities, indices and metals.',
  },
] as const

/** The login details' card: the sign-up card, its fields a step closer together. */
const loginCardClass = css(surfaceStyles, { gap: '5' })

const linkClass = css({
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  rounded: 'sm',
  focusVisibleRing: 'outside',
})

/** 'ic': the short start page; 'td': the sign-up layout (docs/decisions/0005-signup-variants.md). */
export type StartPageVariant = 'ic' | 'td'

/**
 * The sign-up start page (docs/product/registration.md#sign-up-start-page): email and password, checked with the
 * server before the setup step.
 */
export function SignUpStartPage(props: {
  variant: StartPageVariant
  settings: SignUpSiteSettings | undefined
  /** The email was available and the draft is stored: go to /register/country-residence. */
  onStarted: () => void
}) {
  const isMobile = useIsMobile()
  const start = useStartApplication(props.onStarted)
  const form = useForm<SignUpStart>({
    resolver: zodResolver(SignUpStartSchema),
    defaultValues: { email: '', password: '' },
  })
  const errors = form.formState.errors
  const submit = form.handleSubmit((values) => start.mutate(values))
  const submitLabel = props.variant === 'ic' ? SIGN_UP_LABELS.SUBMIT_IC : SIGN_UP_LABELS.SUBMIT_TD

  return (
    <SignUpFrame settings={props.settings}>
      <div
        className={grid({
          maxW: '68rem',
          mx: 'auto',
          gap: { base: '6', md: '12' },
          gridTemplateColumns: { base: '1fr', md: '1fr minmax(0, 26rem)' },
          alignItems: 'center',
          pt: { base: '2', md: '10' },
        })}
      >
        <section aria-labelledby="signup-heading" className={grid({ gap: { base: '4', md: '6' } })}>
          <Box
            as="h1"
            id="signup-heading"
            fontSize={{ base: '2xl', md: '4xl' }}
            fontWeight="bold"
            lineHeight="tight"
            letterSpacing="tight"
          >
            {SIGN_UP_LABELS.HEADING}
          </Box>
          <ul className={grid({ gap: { base: '3', md: '4' } })}>
            {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
              <Flex as="li" key={title} gap="3" alignItems="flex-start">
                <Box
                  as="span"
                  aria-hidden="true"
                  display="inline-grid"
                  placeItems="center"
                  flexShrink={0}
                  w={{ base: '8', md: '10' }}
                  h={{ base: '8', md: '10' }}
                  rounded="control"
                  bg="accent.subtle"
                  color="accent"
                >
                  <Icon size={18} />
                </Box>
                <span>
                  <Box as="strong" display="block" fontSize={{ base: 'sm', md: 'md' }}>
                    {title}
                  </Box>
                  <Box as="span" display={{ base: 'none', md: 'block' }} color="text.muted" fontSize="sm">
                    {text}
                  </Box>
                </span>
              </Flex>
            ))}
          </ul>
          {isMobile ? null : (
            <div>
              <ReviewBadge />
            </div>
          )}
        </section>

        <section aria-label="Your login details" className={loginCardClass}>
          <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
            <EmailField label="Email address" error={errors.email?.message} {...form.register('email')} />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={start.isPending}
              loadingText={SIGN_UP_LABELS.CHECKING}
            >
              {submitLabel}
            </Button>
          </form>
          <Box as="p" textAlign="center" fontSize="sm" color="text.muted">
            Already have an account?{' '}
            {/* On phones the sign-in page is reached as /?type=basic (docs/product/site-and-gates.md#routes). */}
            {isMobile ? (
              <Link to="/" search={{ type: 'basic' }} className={linkClass}>
                Sign in
              </Link>
            ) : (
              <Link to="/" className={linkClass}>
                Sign in
              </Link>
            )}
          </Box>
          <SocialSignUp />
        </section>

        {isMobile ? (
          <Flex justifyContent="center">
            <ReviewBadge />
          </Flex>
        ) : null}
      </div>
    </SignUpFrame>
  )
}
