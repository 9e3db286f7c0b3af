import { Flex } from 'styled-system/jsx'
import { quietLinkClass } from '../../../components/ui/quiet-link'
import type { SignUpSiteSettings } from '../types'

const LINKS = [
  { key: 'terms_url', label: 'Terms' },
  { key: 'privacy_url', label: 'Privacy' },
  { key: 'risk_url', label: 'Risk Disclosure' },
  { key: 'help_url', label: 'Help Center' },
] as const

/**
 * docs/product/registration.md#sign-up-start-page: Terms, Privacy, Risk Disclosure and Help Center from settings; a
 * link without a URL is left out.
 */
export function LegalLinks(props: { settings: SignUpSiteSettings | undefined }) {
  const links = LINKS.flatMap((link) => {
    const href = props.settings?.[link.key]
    return href ? [{ ...link, href }] : []
  })
  if (links.length === 0) return null
  return (
    <nav aria-label="Legal">
      <Flex as="ul" flexWrap="wrap" justifyContent="center" columnGap="5" rowGap="1">
        {links.map((link) => (
          <li key={link.key}>
            {/* A new tab, so reading the terms never loses what the visitor has typed. */}
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={quietLinkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </Flex>
    </nav>
  )
}
