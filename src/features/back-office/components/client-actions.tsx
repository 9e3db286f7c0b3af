import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Ban, Bitcoin, CircleCheck, KeyRound, Layers, MessagesSquare, RotateCcw, Wallet } from 'lucide-react'
import { useState } from 'react'
import { wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import type { AdminClient } from '../../../domain/contract/clients'
import { REQUEST_TYPES } from '../../../domain/contract/request-queue'
import { USER_ROLE, USER_STATUS } from '../../../domain/contract/user'
import { useAdjustBalance } from '../api/adjust-balance'
import { absoluteLoginUrl, useCreateLoginLink } from '../api/create-login-link'
import { useDecideRequest } from '../api/decide-request'
import { errorMessage } from '../../../lib/error-message'
import { invalidateClient } from '../api/invalidate-client'
import { usePlans } from '../api/get-plans'
import { useSimulateCryptoTransfer } from '../api/simulate-crypto-transfer'
import { useUpdateClient } from '../api/update-client'
import { AdjustBalanceDialog } from './adjust-balance-dialog'
import { ChangePlanDialog } from './change-plan-dialog'
import { DeactivateClientDialog } from './deactivate-client-dialog'
import { LoginLinkDialog, type LoginLinkDialogProps } from './login-link-dialog'
import { SimulateTransferDialog } from './simulate-transfer-dialog'

// The client page's actions (decision 0017): Approve a pending account, Deactivate (with a reason, confirmed),
// Reactivate, Adjust balance, Change plan, Send sign-in link, Simulate incoming transfer (the sandbox chain, issue
// 15) and Open chat. Each mutation invalidates the client,
// the Clients lists and the audit log (api/invalidate-client.ts) and says how it went in a toast; a dialog's
// failure shows the server's message inside the dialog.

type OpenDialog = 'deactivate' | 'adjust' | 'plan' | 'link' | 'transfer' | null

const bar = wrap({ gap: '2' })

export function ClientActions(props: { client: AdminClient }) {
  const { client } = props
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const update = useUpdateClient()
  const adjust = useAdjustBalance()
  const loginLink = useCreateLoginLink()
  const simulateTransfer = useSimulateCryptoTransfer()
  const decide = useDecideRequest()
  const queryClient = useQueryClient()
  const plans = usePlans({ enabled: dialog === 'plan' })
  const isCustomer = client.role === USER_ROLE.CUSTOMER
  const close = (open: boolean) => {
    if (!open) setDialog(null)
  }

  const approve = () =>
    decide.mutate(
      { type: REQUEST_TYPES.ACCOUNT, id: client.id, decision: 'approve' },
      {
        onSuccess: (result) => toast.success(result.message || `${client.name}'s account was approved.`),
        onError: (error) => toast.error(errorMessage(error)),
        // The decision route refreshes the queue and the clients; the audit log has a new row too.
        onSettled: () => void invalidateClient(queryClient, client.id),
      },
    )

  const reactivate = () =>
    update.mutate(
      { userId: client.id, patch: { status: USER_STATUS.ACTIVE } },
      {
        onSuccess: () => toast.success(`${client.name}'s account is active again.`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    )

  const sendLink = () => {
    setDialog('link')
    loginLink.mutate(client.id)
  }

  const linkState: LoginLinkDialogProps['state'] = loginLink.isSuccess
    ? {
        status: 'success',
        url: absoluteLoginUrl(loginLink.data, window.location.origin),
        expiresAt: loginLink.data.expires_at,
      }
    : loginLink.isError
      ? { status: 'error', message: errorMessage(loginLink.error) }
      : { status: 'pending' }

  return (
    <div className={bar} role="group" aria-label="Client actions">
      {client.status === USER_STATUS.PENDING ? (
        <Button variant="gain" onClick={approve} loading={decide.isPending}>
          <CircleCheck aria-hidden="true" />
          Approve
        </Button>
      ) : null}
      {client.status === USER_STATUS.DEACTIVATED ? (
        <Button onClick={reactivate} loading={update.isPending && dialog === null}>
          <RotateCcw aria-hidden="true" />
          Reactivate
        </Button>
      ) : (
        <Button variant="outline" onClick={() => setDialog('deactivate')}>
          <Ban aria-hidden="true" />
          Deactivate
        </Button>
      )}
      {isCustomer ? (
        <Button variant="outline" onClick={() => setDialog('adjust')}>
          <Wallet aria-hidden="true" />
          Adjust balance
        </Button>
      ) : null}
      <Button variant="outline" onClick={() => setDialog('plan')}>
        <Layers aria-hidden="true" />
        Change plan
      </Button>
      {isCustomer ? (
        <Button variant="outline" onClick={sendLink}>
          <KeyRound aria-hidden="true" />
          Send sign-in link
        </Button>
      ) : null}
      {isCustomer ? (
        <Button variant="outline" onClick={() => setDialog('transfer')}>
          <Bitcoin aria-hidden="true" />
          Simulate incoming transfer
        </Button>
      ) : null}
      <Link to="/admin/chat" search={{ user: client.id }} className={button({ variant: 'outline' })}>
        <MessagesSquare aria-hidden="true" />
        Open chat
      </Link>

      <DeactivateClientDialog
        open={dialog === 'deactivate'}
        onOpenChange={close}
        clientName={client.name}
        onDeactivate={async (reason) => {
          await update.mutateAsync({ userId: client.id, patch: { status: USER_STATUS.DEACTIVATED, reason } })
          toast.success(`${client.name}'s account was deactivated.`)
        }}
      />
      <AdjustBalanceDialog
        open={dialog === 'adjust'}
        onOpenChange={close}
        clientName={client.name}
        balanceUsd={client.balance}
        onAdjust={async (submission) => {
          const result = await adjust.mutateAsync({ userId: client.id, ...submission })
          toast.success(result.message)
        }}
      />
      <ChangePlanDialog
        open={dialog === 'plan'}
        onOpenChange={close}
        clientName={client.name}
        currentPlanId={client.account_type?.id ?? null}
        plans={plans.data}
        plansError={plans.isError}
        onChangePlan={async (planId) => {
          await update.mutateAsync({ userId: client.id, patch: { account_type_id: planId } })
          const title = plans.data?.find((plan) => plan.id === planId)?.title
          toast.success(title ? `${client.name} is now on ${title}.` : 'The plan was changed.')
        }}
      />
      <SimulateTransferDialog
        open={dialog === 'transfer'}
        onOpenChange={close}
        clientName={client.name}
        onSimulate={async (transfer) => {
          const result = await simulateTransfer.mutateAsync({ userId: client.id, transfer })
          toast.success(result.message)
        }}
      />
      <LoginLinkDialog
        open={dialog === 'link'}
        onOpenChange={(open) => {
          close(open)
          if (!open) loginLink.reset()
        }}
        clientName={client.name}
        state={linkState}
        onRetry={() => loginLink.mutate(client.id)}
      />
    </div>
  )
}
