import { Construction } from 'lucide-react'
import { css } from 'styled-system/css'
import type { SiteSettings } from '../../../domain/contract/site'
import { maintenanceMessage } from '../../../domain/site/site-state'
import { Button } from '../../../components/ui/button'
import { FullScreenState } from '../../../components/full-screen-state'

/**
 * docs/product/site-and-gates.md#full-screen-states, state 4: the maintenance message, the contact mail link if set,
 * and Check Status.
 */
export function SiteDisabled(props: {
  settings: SiteSettings
  onCheckStatus: () => void
  checking: boolean
}) {
  const contactEmail = props.settings.contactEmail?.trim()
  return (
    <FullScreenState
      icon={<Construction size={28} />}
      tone="warning"
      title="Site Temporarily Disabled"
      actions={
        <Button onClick={props.onCheckStatus} loading={props.checking}>
          Check Status
        </Button>
      }
    >
      <p data-testid="maintenance-message" className={css({ whiteSpace: 'pre-line' })}>
        {maintenanceMessage(props.settings)}
      </p>
      {contactEmail ? (
        <p className={css({ mt: '4' })}>
          If you need immediate assistance, please contact us at{' '}
          <a
            href={`mailto:${contactEmail}`}
            className={css({
              color: 'accent',
              textDecoration: 'underline',
              _hover: { color: 'accent.hover' },
            })}
          >
            {contactEmail}
          </a>
        </p>
      ) : null}
    </FullScreenState>
  )
}
