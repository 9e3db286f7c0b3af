import { TriangleAlert, X } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box, Flex, styled } from 'styled-system/jsx'
import { CFD_RISK_WARNING } from '../../../domain/registration/messages'
import { Text } from '../../../components/ui/text'

/**
 * docs/product/README.md#what-the-product-is and docs/product/registration.md#country-of-residence-step: the CFD risk
 * warning, pinned to the bottom of the screen; dismissable where onDismiss is given.
 */
export function RiskBanner(props: { onDismiss?: (() => void) | undefined }) {
  return (
    <Flex
      as="aside"
      aria-label="Risk warning"
      position={{ base: 'sticky', md: 'static' }}
      bottom="0"
      zIndex="banner"
      alignItems="flex-start"
      gap="3"
      px={{ base: '4', md: '8' }}
      py="3"
      bg="bg.surface"
      borderTopWidth="1px"
      borderColor="warning.border"
      fontSize={{ base: 'xs', md: 'sm' }}
      lineHeight="relaxed"
    >
      <TriangleAlert
        aria-hidden="true"
        className={css({ color: 'warning', flexShrink: 0, mt: '0.5', w: '4', h: '4' })}
      />
      <Box as="p" flex="1" maxW="72rem" mx="auto">
        <Text as="strong" tone="warning">
          Risk warning:{' '}
        </Text>
        {CFD_RISK_WARNING}
      </Box>
      {props.onDismiss ? (
        <styled.button
          type="button"
          aria-label="Dismiss risk warning"
          onClick={props.onDismiss}
          display="inline-grid"
          placeItems="center"
          flexShrink={0}
          w="8"
          h="8"
          mt="-1"
          rounded="control"
          color="text.muted"
          cursor="pointer"
          _hover={{ bg: 'bg.hover', color: 'text' }}
          focusVisibleRing="outside"
        >
          <X size={16} aria-hidden="true" />
        </styled.button>
      ) : null}
    </Flex>
  )
}
