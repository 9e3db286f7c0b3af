// Payment cards as the card deposit form and the server's payment seam check them (decision 0019): the Luhn digit,
// the brand from the number's prefix (IIN ranges as the networks publish them), grouping for display, the MM/YY
// expiry and the CVC length. Pure and dependency-free so the server imports the very same rules; the clock is passed
// in.

export const CARD_BRANDS = {
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  AMEX: 'amex',
  DISCOVER: 'discover',
} as const
export type CardBrand = (typeof CARD_BRANDS)[keyof typeof CARD_BRANDS]

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
}

interface BrandRule {
  brand: CardBrand
  /** Inclusive prefix ranges, compared on the prefix's own number of digits. */
  ranges: readonly (readonly [number, number])[]
  lengths: readonly number[]
  /** Where the spaces go when the number is shown: Amex 4-6-5, the others by four. */
  groups: readonly number[]
  cvcLength: number
}

// Order matters only where ranges could overlap (they do not among these four).
const BRAND_RULES: readonly BrandRule[] = [
  { brand: 'visa', ranges: [[4, 4]], lengths: [13, 16, 19], groups: [4, 4, 4, 4, 3], cvcLength: 3 },
  {
    brand: 'mastercard',
    // 51–55 and the 2-series 2221–2720 (opened in 2017).
    ranges: [
      [51, 55],
      [2221, 2720],
    ],
    lengths: [16],
    groups: [4, 4, 4, 4],
    cvcLength: 3,
  },
  {
    brand: 'amex',
    ranges: [
      [34, 34],
      [37, 37],
    ],
    lengths: [15],
    groups: [4, 6, 5],
    cvcLength: 4,
  },
  {
    brand: 'discover',
    ranges: [
      [6011, 6011],
      [644, 649],
      [65, 65],
      [622126, 622925],
    ],
    lengths: [16, 17, 18, 19],
    groups: [4, 4, 4, 4, 3],
    cvcLength: 3,
  },
]

const DEFAULT_GROUPS = [4, 4, 4, 4, 3] as const
export const CARD_NUMBER_MAX_DIGITS = 19

/** The digits alone: '4242 4242-4242 4242' → '4242424242424242'. */
export const cardDigits = (input: string) => input.replace(/\D/g, '')

function ruleFor(digits: string): BrandRule | undefined {
  return BRAND_RULES.find((rule) =>
    rule.ranges.some(([low, high]) => {
      const width = String(low).length
      if (digits.length < width) return false
      const prefix = Number(digits.slice(0, width))
      return prefix >= low && prefix <= high
    }),
  )
}

/** The brand the number's prefix belongs to, or null while unknown (the form shows it as soon as it is known). */
export function cardBrand(input: string): CardBrand | null {
  return ruleFor(cardDigits(input))?.brand ?? null
}

/** The Luhn (mod 10) check digit rule; false for fewer than 12 digits or any character other than digits/spaces. */
export function isLuhnValid(input: string): boolean {
  if (/[^\d\s-]/.test(input)) return false
  const digits = cardDigits(input)
  if (digits.length < 12 || digits.length > CARD_NUMBER_MAX_DIGITS) return false
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Whether the number has a length its brand issues (any 12–19 when the brand is unknown). */
export function hasValidCardLength(input: string): boolean {
  const digits = cardDigits(input)
  const rule = ruleFor(digits)
  if (rule) return rule.lengths.includes(digits.length)
  return digits.length >= 12 && digits.length <= CARD_NUMBER_MAX_DIGITS
}

/** The number as it is printed: '4242 4242 4242 4242', Amex '3782 822463 10005'. Extra digits are dropped. */
export function formatCardNumber(input: string): string {
  const rule = ruleFor(cardDigits(input))
  const maxDigits = rule ? Math.max(...rule.lengths) : CARD_NUMBER_MAX_DIGITS
  const digits = cardDigits(input).slice(0, maxDigits)
  const groups = rule?.groups ?? DEFAULT_GROUPS
  const parts: string[] = []
  let start = 0
  for (const size of groups) {
    if (start >= digits.length) break
    parts.push(digits.slice(start, start + size))
    start += size
  }
  return parts.join(' ')
}

/** 'Visa •••• 4242' */
export function maskedCard(brand: string, last4: string): string {
  const name = (CARD_BRAND_NAMES as Record<string, string>)[brand] ?? brand
  return `${name} •••• ${last4}`
}

export interface CardExpiry {
  month: number
  /** Four digits. */
  year: number
}

/** 'MM/YY' (spaces around the slash tolerated) → { month, year: 20YY }; null when it is not a real month. */
export function parseExpiry(input: string): CardExpiry | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input)
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/** What a typist's digits become in the Expiry input: '1' → '1', '12' → '12/', '1228' → '12/28'. */
export function formatExpiryInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  // Deleting the slash deletes the month's last digit with it, so backspace is never stuck on '12/'.
  if (previous.endsWith('/') && input === previous.slice(0, -1)) return digits.slice(0, 1)
  if (digits.length < 2) return digits
  if (digits.length === 2) return `${digits}/`
  return `${digits.slice(0, 2)}/${digits.slice(2)}`
}

/** Cards are not issued for longer than this; a later year is a typing mistake. */
export const CARD_MAX_YEARS_AHEAD = 20

/**
 * A card is valid through the last day of its expiry month. Compared in UTC months so the browser and the server
 * agree; a customer on the last evening of the month west of UTC may be told "expired" a few hours early, which
 * is the safe side for a payment.
 */
export function isExpiryInFuture(expiry: CardExpiry, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  const card = expiry.year * 12 + (expiry.month - 1)
  return card >= current && card <= current + CARD_MAX_YEARS_AHEAD * 12
}

export function cvcLength(brand: CardBrand | null): number {
  return brand === 'amex' ? 4 : 3
}

/** 3 digits, 4 for American Express. */
export function isValidCvc(cvc: string, brand: CardBrand | null): boolean {
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc.trim())
}

export const CARD_MESSAGES = {
  NUMBER_REQUIRED: 'Card number is required',
  NUMBER_INVALID: 'This card number is not valid',
  EXPIRY_REQUIRED: 'Expiry is required',
  EXPIRY_FORMAT: 'Enter the expiry as MM/YY',
  EXPIRED: 'This card has expired',
  EXPIRY_TOO_FAR: 'Check the expiry year',
  CVC_REQUIRED: 'CVC is required',
  CVC_THREE: 'The CVC is the 3 digits on the back of the card',
  CVC_FOUR: 'The CVC is the 4 digits on the front of the card',
  NAME_REQUIRED: 'Name on card is required',
} as const

/** Why this number cannot be charged, or null: the message the form and the server both give. */
export function cardNumberProblem(input: string): string | null {
  if (cardDigits(input) === '') return CARD_MESSAGES.NUMBER_REQUIRED
  if (!isLuhnValid(input) || !hasValidCardLength(input)) return CARD_MESSAGES.NUMBER_INVALID
  return null
}

export function expiryProblem(input: string, now: Date): string | null {
  if (input.trim() === '') return CARD_MESSAGES.EXPIRY_REQUIRED
  const expiry = parseExpiry(input)
  if (!expiry) return CARD_MESSAGES.EXPIRY_FORMAT
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  if (expiry.year * 12 + expiry.month - 1 < current) return CARD_MESSAGES.EXPIRED
  if (!isExpiryInFuture(expiry, now)) return CARD_MESSAGES.EXPIRY_TOO_FAR
  return null
}

export function cvcProblem(cvc: string, brand: CardBrand | null): string | null {
  if (cvc.trim() === '') return CARD_MESSAGES.CVC_REQUIRED
  if (isValidCvc(cvc, brand)) return null
  return brand === 'amex' ? CARD_MESSAGES.CVC_FOUR : CARD_MESSAGES.CVC_THREE
}
