import { lazy, Suspense, useRef, type Ref } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Spinner } from '../../../components/ui/spinner'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { useWantedAfterStart } from '../../../lib/after-start'
import { DisplaySettings } from './display-settings'
import { NotificationSettings } from './notification-settings'

// Security lies below the first screen at every width, and brings the forms' library (react-hook-form), the dialogs
// and its three queries' code: 35 KB gzip that the page's first screen does not show. It loads as its own chunk once
// the page's start is over or the reader scrolls near it, its data already asked for by the route's loader
// (docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Eleventh pass").
const SecuritySettings = lazy(() =>
  import('./security-settings').then((module) => ({ default: module.SecuritySettings })),
)
/** No long task for this long after the first render, or this long at the latest, and Security loads. */
const SECURITY_AFTER_START = { quietMs: 300, capMs: 3_000 }

export interface SettingsPageProps {
  siteName: string
  currency: DisplayCurrency
  currencies: readonly DisplayCurrency[]
  onCurrencyChange: (code: string) => void
  /** Something the user object carries changed (two-factor on or off): read it again. */
  onUserChanged: () => void
  nowMs: () => number
}

/** /main/settings (decision 0020): display, notifications and security. */
export function SettingsPage(props: SettingsPageProps) {
  return (
    <div className={grid({ gap: '6', maxW: '56rem' })}>
      <DisplaySettings
        currency={props.currency}
        currencies={props.currencies}
        onCurrencyChange={props.onCurrencyChange}
      />
      <NotificationSettings />
      <section aria-labelledby="security-heading" className={grid({ gap: '4' })}>
        <Box as="h2" id="security-heading" fontSize="xl" fontWeight="semibold" mt="2">
          Security
        </Box>
        <SecurityAfterStart {...props} />
      </section>
    </div>
  )
}

function SecurityAfterStart(props: SettingsPageProps) {
  const placeholder = useRef<HTMLDivElement>(null)
  const wanted = useWantedAfterStart(placeholder, SECURITY_AFTER_START)
  if (!wanted) return <SecurityLoading ref={placeholder} />
  return (
    <Suspense fallback={<SecurityLoading />}>
      <SecuritySettings siteName={props.siteName} onUserChanged={props.onUserChanged} nowMs={props.nowMs} />
    </Suspense>
  )
}

function SecurityLoading({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Flex ref={ref} justify="center" py="8">
      <Spinner label="Loading the security settings" />
    </Flex>
  )
}
