// The /mt4 workspace's dialogs (docs/product/trading-workspace.md#dialogs): presentational and controlled (open +
// onOpenChange); the workspace owns the data and the calls. The plans comparison and auto trader dialogs belong to
// the marketplace feature, which owns the catalogue they show; the route puts them on the workspace.
export { AssetInfoDialog, type AssetInfoDialogProps } from './asset-info-dialog'
export { ClosePositionDialog, type ClosePositionDialogProps } from './close-position-dialog'
export { CancelOrderDialog, type CancelOrderDialogProps } from './cancel-order-dialog'
export { ModifyOrderDialog, type ModifyOrderDialogProps } from './modify-order-dialog'
export { PendingOrderDialog, type PendingOrderDialogProps } from './pending-order-dialog'
export { ProfitCalculatorDialog, type ProfitCalculatorDialogProps } from './profit-calculator-dialog'
export {
  TakeProfitStopLossDialog,
  type TakeProfitStopLossDialogProps,
  type TakeProfitStopLossValues,
} from './take-profit-stop-loss-dialog'
