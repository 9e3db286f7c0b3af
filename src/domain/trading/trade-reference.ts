// How people see a trade's number: 'T0000123', on the customer's positions and statements and on the back office's
// positions and ledger rows. One function for the server that writes it and the pages that show it.

/** The trade's id as its reference: 'T' and the id padded to seven digits. */
export const tradeReference = (id: number) => `T${String(id).padStart(7, '0')}`
