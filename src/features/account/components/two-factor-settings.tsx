import { Copy, ShieldCheck, ShieldOff } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Box, Flex, styled } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Spinner } from '../../../components/ui/spinner'
import { groupSecret } from '../../../domain/account/labels'
import { formatDateTime } from '../../../domain/back-office/labels'
import { useDisableTwoFactor } from '../api/disable-two-factor'
import { useEnableTwoFactor } from '../api/enable-two-factor'
import { useTwoFactor } from '../api/get-two-factor'
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes'
import { useSetUpTwoFactor } from '../api/set-up-two-factor'
import { StatusChip } from '../../../components/ui/status-chip'
import { AccountSection } from './account-section'
import { RecoveryCodes } from './recovery-codes'
import { problemText } from './server-errors'
import { ConfirmWithCodeForm, EnableTwoFactorForm } from './two-factor-forms'
import { Text } from '../../../components/ui/text'
import { TryAgain } from './try-again'

type Dialog = 'setup' | 'disable' | 'renew' | null

// The QR code's library (6 KB gzip) loads when the set-up dialog opens, beside its call for a secret, not with the
// settings page: only the set-up shows it (docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Tenth pass").
const loadQrCode = () => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG }))
const QRCodeSVG = lazy(loadQrCode)

/** Two-factor sign-in with an authenticator app (TOTP): turn on with a QR code, turn off, renew recovery codes. */
export function TwoFactorSettings(props: { siteName: string; onChanged: () => void }) {
  const status = useTwoFactor()
  const [dialog, setDialog] = useState<Dialog>(null)
  const enabled = status.data?.enabled ?? false
  return (
    <AccountSection
      title="Two-factor"
      level="h3"
      description="Sign-in asks for a code from an authenticator app as well as your password."
      aside={
        status.data ? (
          <StatusChip
            tone={enabled ? 'success' : 'neutral'}
            icon={enabled ? ShieldCheck : ShieldOff}
            data-testid="two-factor-status"
          >
            {enabled ? 'On' : 'Off'}
          </StatusChip>
        ) : null
      }
    >
      {status.isPending ? (
        <Spinner label="Loading two-factor status" />
      ) : status.isError ? (
        <AlertBox variant="destructive" description={problemText(status.error)}>
          <TryAgain onClick={() => void status.refetch()} />
        </AlertBox>
      ) : enabled ? (
        <div className={grid({ gap: '3' })}>
          <Text size="sm">
            On since {status.data.enabled_at ? formatDateTime(status.data.enabled_at) : 'recently'}.{' '}
            {status.data.recovery_codes_left} of 10 recovery codes left.
          </Text>
          <div className={wrap({ gap: '2' })}>
            <Button variant="outline" onClick={() => setDialog('renew')}>
              New recovery codes
            </Button>
            <Button variant="outline" onClick={() => setDialog('disable')}>
              Turn off two-factor
            </Button>
          </div>
        </div>
      ) : (
        <div className={grid({ gap: '3', justifyItems: 'start' })}>
          <Text size="sm" tone="muted">
            Use an app such as Google Authenticator, Microsoft Authenticator or 1Password.
          </Text>
          <Button onClick={() => setDialog('setup')}>Turn on two-factor</Button>
        </div>
      )}
      <SetUpDialog
        open={dialog === 'setup'}
        onOpenChange={(open) => setDialog(open ? 'setup' : null)}
        siteName={props.siteName}
        onEnabled={props.onChanged}
      />
      <DisableDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        onDisabled={props.onChanged}
      />
      <RenewDialog
        open={dialog === 'renew'}
        onOpenChange={(open) => setDialog(open ? 'renew' : null)}
        siteName={props.siteName}
      />
    </AccountSection>
  )
}

/** Asks for a secret when it opens; the secret is not in force until the first code confirms it. */
function SetUpDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  siteName: string
  onEnabled: () => void
}) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Turn on two-factor sign-in"
      size="md"
    >
      <SetUpSteps
        siteName={props.siteName}
        onEnabled={props.onEnabled}
        onDone={() => props.onOpenChange(false)}
      />
    </DialogFrame>
  )
}

// Mounted with the dialog's content (DialogFrame unmounts it on close), so each opening asks for a fresh secret.
function SetUpSteps(props: { siteName: string; onEnabled: () => void; onDone: () => void }) {
  const setUp = useSetUpTwoFactor()
  const enable = useEnableTwoFactor()
  const [copied, setCopied] = useState(false)
  // Once per opening: a second set-up would replace the secret on the server while the first might still show.
  const asked = useRef(false)
  const { mutate: startSetUp } = setUp
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    startSetUp()
    loadQrCode().catch((error: unknown) => console.error('Failed to load the QR code', error))
  }, [startSetUp])
  if (enable.data) {
    return (
      <div className={grid({ gap: '4' })}>
        <AlertBox variant="success" description={enable.data.message} />
        <RecoveryCodes codes={enable.data.data.recovery_codes} siteName={props.siteName} />
        <Flex>
          <Button onClick={props.onDone}>I have saved my codes</Button>
        </Flex>
      </div>
    )
  }
  if (setUp.isError) {
    return (
      <AlertBox variant="destructive" description={problemText(setUp.error)}>
        <TryAgain onClick={() => setUp.mutate()} />
      </AlertBox>
    )
  }
  if (!setUp.data) return <Spinner label="Preparing a secret" />
  const { secret, otpauth_uri: uri } = setUp.data
  return (
    <div className={grid({ gap: '4' })}>
      <ol className={grid({ gap: '4', listStyle: 'decimal', ps: '5', fontSize: 'sm' })}>
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <Box mt="2" p="3" bg="white" rounded="control" w="fit-content" lineHeight="0">
            <Suspense fallback={<Box w="44" h="44" />}>
              <QRCodeSVG
                value={uri}
                size={176}
                marginSize={0}
                bgColor="#ffffff"
                fgColor="#000000"
                title="QR code of the two-factor secret"
              />
            </Suspense>
          </Box>
        </li>
        <li>
          <p>Or type this secret into the app:</p>
          <div className={wrap({ mt: '2', alignItems: 'center', gap: '2' })}>
            <styled.code
              data-testid="two-factor-secret"
              data-secret={secret}
              fontFamily="mono"
              fontSize="sm"
              px="2"
              py="1"
              bg="bg.raised"
              rounded="sm"
              overflowWrap="anywhere"
            >
              {groupSecret(secret)}
            </styled.code>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))}
            >
              <Copy size={14} aria-hidden="true" />
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </li>
        <li>
          <Box as="p" mb="2">
            Enter the code the app shows.
          </Box>
          <EnableTwoFactorForm
            onSubmit={(code) =>
              enable.mutateAsync(code).then((answer) => {
                props.onEnabled()
                return answer
              })
            }
          />
        </li>
      </ol>
    </div>
  )
}

function DisableDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDisabled: () => void
}) {
  const disable = useDisableTwoFactor()
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Turn off two-factor sign-in"
      description="Sign-in will ask for your password only. Enter your password and a code to confirm."
      size="sm"
    >
      <ConfirmWithCodeForm
        submitLabel="Turn off"
        danger
        onSubmit={(values) =>
          disable.mutateAsync(values).then(() => {
            props.onDisabled()
            props.onOpenChange(false)
          })
        }
      />
    </DialogFrame>
  )
}

function RenewDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; siteName: string }) {
  const renew = useRenewRecoveryCodes()
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={(open) => {
        if (!open) renew.reset()
        props.onOpenChange(open)
      }}
      title="New recovery codes"
      description={
        renew.data
          ? undefined
          : 'The codes you have now stop working. Enter your password and a code to confirm.'
      }
      size="sm"
    >
      {renew.data ? (
        <div className={grid({ gap: '4' })}>
          <RecoveryCodes codes={renew.data.data.recovery_codes} siteName={props.siteName} />
          <Flex>
            <Button onClick={() => props.onOpenChange(false)}>I have saved my codes</Button>
          </Flex>
        </div>
      ) : (
        <ConfirmWithCodeForm submitLabel="Make new codes" onSubmit={(values) => renew.mutateAsync(values)} />
      )}
    </DialogFrame>
  )
}
