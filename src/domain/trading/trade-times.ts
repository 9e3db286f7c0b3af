// When a position opened or closed, as its rows show it: '15 Jul, 14:30:05', in the customer's time zone. One
// formatter built once: `toLocaleString` with options builds a new one per call, a cost that showed in /mt4's first
// render on a phone (decision 0043). Pure.

const tradeTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** '15 Jul, 14:30:05'; no time (a position still open has no close time) reads as nothing. */
export const formatTradeTime = (iso: string | null) =>
  iso === null ? '' : tradeTimeFormat.format(new Date(iso))
