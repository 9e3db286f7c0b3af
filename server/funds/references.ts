// References people read out and type: DEP-…, WD-…, WIRE-…. Random (not the row id, which would tell a customer how
// many deposits the broker takes), in an alphabet without 0/O and 1/I/L; each column is unique in the database.
import { randomInt } from 'node:crypto'

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

function randomCode(length: number): string {
  let code = ''
  for (let index = 0; index < length; index += 1) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

export const depositReference = () => `DEP-${randomCode(10)}`
export const withdrawalReference = () => `WD-${randomCode(10)}`
/** What the customer writes in the wire's payment reference field: short enough for every bank's form. */
export const wireReference = () => `WIRE-${randomCode(8)}`
