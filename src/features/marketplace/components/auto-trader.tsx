import { BadgeCheck, Bot, Clock } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { AUTOTRADER_MESSAGES } from '../../../domain/contract/catalog'
import { useRequestAutoTrader } from '../api/request-auto-trader'
import { AutoTraderDialog } from './auto-trader-dialog'

/**
 * The auto trader (docs/product/marketplace.md#auto-trader): 'Auto Trader Active' once the user's flag is set; 'Auto
 * Trader pending' while the customer's request waits for an admin (decision 0022: a customer saw only 'settings
 * saved' and no trace of it after); otherwise a button opening the activation dialog. The decision arrives as
 * user.updated.
 */
export function AutoTrader(props: {
  active: boolean
  pending: boolean
  /** Reloads the signed-in user, which the session feature owns. */
  onAccountChanged: () => Promise<unknown>
  size?: 'xs' | 'sm'
}) {
  const [open, setOpen] = useState(false)
  const request = useRequestAutoTrader(props.onAccountChanged)
  const pending = props.pending && !props.active
  return (
    <>
      <Button
        size={props.size ?? 'sm'}
        variant={props.active || pending ? 'outline' : 'solid'}
        onClick={() => setOpen(true)}
        className={props.active ? css({ color: 'gain', borderColor: 'gain.border' }) : undefined}
      >
        {props.active ? <BadgeCheck aria-hidden /> : pending ? <Clock aria-hidden /> : <Bot aria-hidden />}
        {props.active ? 'Auto Trader Active' : pending ? 'Auto Trader pending' : 'Auto Trader'}
      </Button>
      <AutoTraderDialog
        open={open}
        onOpenChange={setOpen}
        active={props.active}
        pending={pending}
        busy={request.isPending}
        onActivate={(level) =>
          request.mutate(level, {
            onSuccess: () => {
              toast.success(AUTOTRADER_MESSAGES.SAVED)
              setOpen(false)
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </>
  )
}
