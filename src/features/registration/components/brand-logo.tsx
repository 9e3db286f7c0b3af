import { Box, Flex, styled } from 'styled-system/jsx'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import type { SignUpSiteSettings } from '../types'

/**
 * docs/product/registration.md#sign-up-start-page: the brand logo links to website_url and uses the small logo on
 * phones; no logo shows the site name.
 */
export function BrandLogo(props: { settings: SignUpSiteSettings | undefined; small: boolean }) {
  const name = props.settings?.name || DEFAULT_SITE_NAME
  const src = (props.small ? props.settings?.logo_sm : null) || props.settings?.logo
  const content = src ? (
    <styled.img src={src} alt={name} h={{ base: '8', md: '10' }} w="auto" maxW="12rem" />
  ) : (
    <Box as="span" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="bold" letterSpacing="tight">
      {name}
    </Box>
  )
  const href = props.settings?.website_url
  if (!href)
    return (
      <Flex as="span" display="inline-flex" alignItems="center">
        {content}
      </Flex>
    )
  return (
    <styled.a href={href} display="inline-flex" alignItems="center" rounded="sm" focusVisibleRing="outside">
      {content}
    </styled.a>
  )
}
