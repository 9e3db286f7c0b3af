// Where the workspace's third-party widgets come from (docs/product/trading-workspace.md#left-rail-panels: the
// calendar and news are TradingView embeds loaded as scripts). The client loads its scripts from here and the
// server's Content-Security-Policy allows exactly these origins, so the two cannot drift apart.

/** The embed scripts' host. */
export const WIDGET_SCRIPT_ORIGIN = 'https://s3.tradingview.com'

/** The embed scripts draw into iframes of their own on these hosts. */
export const WIDGET_FRAME_ORIGINS = ['https://*.tradingview.com', 'https://*.tradingview-widget.com'] as const
