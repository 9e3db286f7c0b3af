import { BadgeCheck, Bot } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toaster'
import { AUTOTRADER_MESSAGES } from '../../../domain/contract/catalog'
import { useRequestAutoTrader } from '../api/request-auto-trader'
import { AutoTraderDialog } from './auto-trader-dialog'

/**
 * The auto trader (spec 4, 8 and 9): 'Auto Trader Active' once the user's flag is set; otherwise a button opening
 * the activation dialog. The request then awaits an admin's approval, which arrives as user.updated.
 */
export function AutoTrader(props: { active: boolean; size?: 'xs' | 'sm' }) {
  const [open, setOpen] = useState(false)
  const request = useRequestAutoTrader()
  return (
    <>
      <Button
        size={props.size ?? 'sm'}
        variant={props.active ? 'outline' : 'solid'}
        onClick={() => setOpen(true)}
        className={props.active ? css({ color: 'gain', borderColor: 'gain.border' }) : undefined}
      >
        {props.active ? <BadgeCheck aria-hidden /> : <Bot aria-hidden />}
        {props.active ? 'Auto Trader Active' : 'Auto Trader'}
      </Button>
      <AutoTraderDialog
        open={open}
        onOpenChange={setOpen}
        active={props.active}
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
