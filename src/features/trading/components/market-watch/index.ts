// The /mt4 workspace's market watch pieces (docs/product/trading-workspace.md#market-watch): the sidebar table, the
// header's pair tabs and picker dialog.
export { AssetTypeChips } from './asset-type-chips'
export { MarketPickerDialog, type MarketPickerDialogProps } from './market-picker-dialog'
export { PairTabs, type PairTabsProps } from './pair-tabs'
export { WorkspaceMarketWatch, type WorkspaceMarketWatchProps } from './workspace-market-watch'
