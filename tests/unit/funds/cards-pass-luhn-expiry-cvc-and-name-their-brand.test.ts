// Card rules of decision 0019 (Luhn, brand, expiry, CVC) with the sandbox's numbers and the networks' published test
// cards; the same functions check the number on the server before the payment provider sees it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CARD_MESSAGES,
  cardBrand,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiryInput,
  hasValidCardLength,
  isExpiryInFuture,
  isLuhnValid,
  isValidCvc,
  maskedCard,
  parseExpiry,
} from '../../../src/domain/funds/card'

const NOW = new Date('2026-05-14T10:00:00Z')

describe('Luhn check digit', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000000000003220',
    '5555555555554444',
    '2223003122003222',
    '378282246310005',
    '6011111111111117',
  ])('accepts the test card %s', (number) => {
    expect(isLuhnValid(number)).toBe(true)
  })

  it('accepts spaces and dashes between groups', () => {
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(true)
    expect(isLuhnValid('4242-4242-4242-4242')).toBe(true)
  })

  it('refuses a number whose last digit is wrong', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false)
  })

  it('refuses letters, too few digits and too many', () => {
    expect(isLuhnValid('4242a24242424242')).toBe(false)
    expect(isLuhnValid('42424242424')).toBe(false)
    expect(isLuhnValid('42424242424242424242')).toBe(false)
  })

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const digits = [...'4242424242424242'].map(Number)
        digits[position] = (digits[position]! + shift) % 10
        expect(isLuhnValid(digits.join(''))).toBe(false)
      }),
    )
  })
})

describe('brand from the prefix', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['55', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['6011000990139424', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['6221260000000000', 'discover'],
  ] as const)('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand)
  })

  it.each(['', '1234', '2220999999999999', '2721000000000000', '56', '36', '6012'])(
    'does not guess for %j',
    (number) => {
      expect(cardBrand(number)).toBeNull()
    },
  )

  it('checks the brand’s lengths: 16 for Mastercard, 15 for Amex', () => {
    expect(hasValidCardLength('5555555555554444')).toBe(true)
    expect(hasValidCardLength('555555555555444')).toBe(false)
    expect(hasValidCardLength('378282246310005')).toBe(true)
    expect(hasValidCardLength('3782822463100050')).toBe(false)
  })
})

describe('number formatting', () => {
  it('groups by four, and Amex 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005')
  })

  it('groups a number as it is typed and drops digits beyond the brand’s length', () => {
    expect(formatCardNumber('42424')).toBe('4242 4')
    expect(formatCardNumber('4242 4242 4242 4242 4242')).toBe('4242 4242 4242 4242 424')
    expect(formatCardNumber('55555555555544449')).toBe('5555 5555 5555 4444')
  })

  it('masks a stored card for people', () => {
    expect(maskedCard('visa', '4242')).toBe('Visa •••• 4242')
  })
})

describe('expiry MM/YY', () => {
  it('parses a month and a two-digit year', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 })
    expect(parseExpiry(' 01 / 30 ')).toEqual({ month: 1, year: 2030 })
  })

  it.each(['13/28', '00/28', '1/28', '12/2028', '1228', 'ab/cd', ''])('refuses %j', (text) => {
    expect(parseExpiry(text)).toBeNull()
  })

  it('is valid through the last day of its month (UTC)', () => {
    const may = { month: 5, year: 2026 }
    expect(isExpiryInFuture(may, new Date('2026-05-31T23:59:59Z'))).toBe(true)
    expect(isExpiryInFuture(may, new Date('2026-06-01T00:00:00Z'))).toBe(false)
  })

  it('says why an expiry is refused', () => {
    expect(expiryProblem('', NOW)).toBe(CARD_MESSAGES.EXPIRY_REQUIRED)
    expect(expiryProblem('5/26', NOW)).toBe(CARD_MESSAGES.EXPIRY_FORMAT)
    expect(expiryProblem('04/26', NOW)).toBe(CARD_MESSAGES.EXPIRED)
    expect(expiryProblem('05/26', NOW)).toBeNull()
    expect(expiryProblem('12/99', NOW)).toBe(CARD_MESSAGES.EXPIRY_TOO_FAR)
  })

  it('adds the slash as the customer types and lets backspace remove it', () => {
    expect(formatExpiryInput('1')).toBe('1')
    expect(formatExpiryInput('12')).toBe('12/')
    expect(formatExpiryInput('1228')).toBe('12/28')
    expect(formatExpiryInput('12/285')).toBe('12/28')
    expect(formatExpiryInput('12', '12/')).toBe('1')
  })
})

describe('CVC', () => {
  it('is 3 digits, 4 for American Express', () => {
    expect(isValidCvc('123', 'visa')).toBe(true)
    expect(isValidCvc('1234', 'visa')).toBe(false)
    expect(isValidCvc('1234', 'amex')).toBe(true)
    expect(isValidCvc('123', 'amex')).toBe(false)
    expect(isValidCvc('12a', null)).toBe(false)
  })

  it('says which length the brand wants', () => {
    expect(cvcProblem('', 'visa')).toBe(CARD_MESSAGES.CVC_REQUIRED)
    expect(cvcProblem('12', 'visa')).toBe(CARD_MESSAGES.CVC_THREE)
    expect(cvcProblem('123', 'amex')).toBe(CARD_MESSAGES.CVC_FOUR)
  })
})

describe('number problems', () => {
  it('requires a number and a valid one', () => {
    expect(cardNumberProblem('')).toBe(CARD_MESSAGES.NUMBER_REQUIRED)
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(CARD_MESSAGES.NUMBER_INVALID)
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull()
  })
})
