import { css } from 'styled-system/css'
import type { SignUpSiteSettings } from '../types'
import { DraftGate } from './draft-gate'
import { RegisterForm } from './register-form'
import { SignUpFrame } from './sign-up-frame'

const column = css({ maxW: '40rem', mx: 'auto', pt: { base: '2', md: '6' } })

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
      <div className={column}>
        <DraftGate onMissing={props.onMissingDraft}>
          {(draft) => <RegisterForm draft={draft} onRegistered={props.onRegistered} />}
        </DraftGate>
      </div>
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
      <div className={column}>
        <RegisterForm draft={null} onRegistered={props.onRegistered} />
      </div>
    </SignUpFrame>
  )
}
