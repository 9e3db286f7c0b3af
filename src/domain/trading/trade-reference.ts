// How people see a trade's or an order's number: 'T0000123', 'O0000045', on the customer's positions, orders and
// statements and on the back office's pages. One function for the server that writes it and the pages that show it.

/** The trade's id as its reference: 'T' and the id padded to seven digits. */
export const tradeReference = (id: number) => `T${String(id).padStart(7, '0')}`

/** A pending order's id as its reference: 'O' and the id padded to seven digits. */
export const orderReference = (id: number) => `O${String(id).padStart(7, '0')}`
