// The legal pages (decision 0022): the operator's text splits into paragraphs at blank lines and stays text; the back
// office's form sends only the pages whose text changed.
import { describe, expect, it } from 'vitest'
import {
  LegalSettingsFormSchema,
  legalSettingsPatch,
} from '../../../src/domain/back-office/legal-settings-form'
import type { LegalTexts } from '../../../src/domain/contract/legal'
import { legalParagraphs } from '../../../src/domain/site/legal-text'

const saved: LegalTexts = { terms: 'Terms', privacy: 'Privacy', 'risk-disclosure': 'Risk', help: 'Help' }

describe('legal page text', () => {
  it('splits at blank lines (also with spaces or Windows line ends), keeps single line breaks, drops empty ones', () => {
    expect(legalParagraphs('One\n\nTwo\nstill two\r\n \r\nThree\n\n\n\n')).toEqual([
      'One',
      'Two\nstill two',
      'Three',
    ])
    expect(legalParagraphs('  \n\n ')).toEqual([])
    expect(legalParagraphs('<script>alert(1)</script>')).toEqual(['<script>alert(1)</script>'])
  })
})

describe('the Legal pages form', () => {
  it('sends only the pages that changed, trimmed; nothing when only spaces changed', () => {
    expect(legalSettingsPatch({ ...saved, privacy: ' New privacy \n' }, saved)).toEqual({
      privacy: 'New privacy',
    })
    expect(legalSettingsPatch({ ...saved, terms: 'Terms  ' }, saved)).toBeNull()
    expect(legalSettingsPatch({ ...saved, help: 'H', 'risk-disclosure': 'R' }, saved)).toEqual({
      help: 'H',
      'risk-disclosure': 'R',
    })
  })

  it('refuses an empty page with the server’s message', () => {
    const result = LegalSettingsFormSchema.safeParse({ ...saved, help: '  ' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('A page needs some text')
    expect(result.error?.issues[0]?.path).toEqual(['help'])
  })
})
