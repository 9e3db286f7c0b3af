// Whether the admin chat console shows the customer panel beside the conversation (decision 0017). Kept per browser:
// admins keep the console open all day and choose once. Storage blocked (private mode): open, and the choice holds
// until the page is left.
import { STORAGE_KEYS } from '../domain/storage-keys'

export function readCustomerPanelOpen(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(STORAGE_KEYS.ADMIN_CHAT_CUSTOMER_PANEL) !== 'closed'
  } catch {
    return true
  }
}

export function writeCustomerPanelOpen(
  open: boolean,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(STORAGE_KEYS.ADMIN_CHAT_CUSTOMER_PANEL, open ? 'open' : 'closed')
  } catch {
    // See above: the in-memory state still holds.
  }
}
