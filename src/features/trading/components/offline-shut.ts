import { OFFLINE_ORDER_REASON } from '../../../domain/offline/last-known'

/**
 * The props of a button that sends an order, a close or a change, shut while the browser is offline (decision 0021):
 * disabled, described by the element on screen that says why (`closedBy`, its id; undefined when online), and the
 * reason as its tooltip. `describedBy` is for a button that is described by more than that (its row's heading too).
 */
export const offlineShut = (closedBy: string | undefined, describedBy: string | undefined = closedBy) => ({
  disabled: closedBy !== undefined,
  'aria-describedby': describedBy,
  title: closedBy === undefined ? undefined : OFFLINE_ORDER_REASON,
})
