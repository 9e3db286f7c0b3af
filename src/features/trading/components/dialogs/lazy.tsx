// The workspace's dialogs, loaded when first asked for (decision 0043): a phone's first screen of /mt4 is the chart
// and the ticket, so the dialogs' code (a sixth of the page's chunk, with the form machines only they use) is not in
// it. Each is fetched the first time it opens, or earlier in a quiet moment after the page has started
// (preloadWorkspaceDialogs), and stays mounted from then on, so its closing animation and state behave as before.
import { lazy, Suspense, useState, type ComponentType } from 'react'

interface DialogProps {
  open: boolean
}

function lazyDialog<Props extends DialogProps>(load: () => Promise<ComponentType<Props>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })))
  function OnFirstOpen(props: Props) {
    const [opened, setOpened] = useState(props.open)
    if (props.open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    )
  }
  return { Component: OnFirstOpen, preload: load }
}

const assetInfo = lazyDialog(() => import('./asset-info-dialog').then((module) => module.AssetInfoDialog))
const createAlert = lazyDialog(() =>
  import('./create-alert-dialog').then((module) => module.CreateAlertDialog),
)
const pendingOrder = lazyDialog(() =>
  import('./pending-order-dialog').then((module) => module.PendingOrderDialog),
)
const profitCalculator = lazyDialog(() =>
  import('./profit-calculator-dialog').then((module) => module.ProfitCalculatorDialog),
)
const takeProfitStopLoss = lazyDialog(() =>
  import('./take-profit-stop-loss-dialog').then((module) => module.TakeProfitStopLossDialog),
)
const closeAllPositions = lazyDialog(() =>
  import('./close-all-positions-dialog').then((module) => module.CloseAllPositionsDialog),
)
const closePosition = lazyDialog(() =>
  import('./close-position-dialog').then((module) => module.ClosePositionDialog),
)
const cancelOrder = lazyDialog(() =>
  import('./cancel-order-dialog').then((module) => module.CancelOrderDialog),
)
const modifyOrder = lazyDialog(() =>
  import('./modify-order-dialog').then((module) => module.ModifyOrderDialog),
)

export const AssetInfoDialog = assetInfo.Component
export const CreateAlertDialog = createAlert.Component
export const PendingOrderDialog = pendingOrder.Component
export const ProfitCalculatorDialog = profitCalculator.Component
export const TakeProfitStopLossDialog = takeProfitStopLoss.Component
export const CloseAllPositionsDialog = closeAllPositions.Component
export const ClosePositionDialog = closePosition.Component
export const CancelOrderDialog = cancelOrder.Component
export const ModifyOrderDialog = modifyOrder.Component

/** Fetches every dialog's code, for a quiet moment after the workspace has started: a first open then waits for nothing. */
export function preloadWorkspaceDialogs(): Promise<unknown> {
  return Promise.all(
    [
      assetInfo,
      createAlert,
      pendingOrder,
      profitCalculator,
      takeProfitStopLoss,
      closeAllPositions,
      closePosition,
      cancelOrder,
      modifyOrder,
    ].map((dialog) => dialog.preload()),
  )
}
