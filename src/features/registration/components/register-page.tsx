import type { ReactNode } from 'react'
import { Box } from 'styled-system/jsx'
import type { SignUpSiteSettings } from '../types'
import { DraftGate } from './draft-gate'
import { RegisterForm } from './register-form'
import { SignUpFrame } from './sign-up-frame'

function Column(props: { children: ReactNode }) {
  return (
    <Box maxW="40rem" mx="auto" pt={{ base: '2', md: '6' }}>
      {props.children}
    </Box>
  )
}

/**
 * /register (docs/product/registration.md#full-registration-form): the full form, completing the application the
 * draft holds.
 */
export function RegisterPage(props: {
  settings: SignUpSiteSettings | undefined
  onRegistered: () => void
  /** No usable draft: the error toast has shown; go to /signup. */
  onMissingDraft: () => void
}) {
  return (
    <SignUpFrame settings={props.settings}>
      <Column>
        <DraftGate onMissing={props.onMissingDraft}>
          {(draft) => <RegisterForm draft={draft} onRegistered={props.onRegistered} />}
        </DraftGate>
      </Column>
    </SignUpFrame>
  )
}

/**
 * /signup with r_page 'basic' (docs/product/registration.md#register-page-variants): the full form on its own, no
 * draft needed.
 */
export function FullRegistrationPage(props: {
  settings: SignUpSiteSettings | undefined
  onRegistered: () => void
}) {
  return (
    <SignUpFrame settings={props.settings}>
      <Column>
        <RegisterForm draft={null} onRegistered={props.onRegistered} />
      </Column>
    </SignUpFrame>
  )
}
