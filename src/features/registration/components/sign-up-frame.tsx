import { Globe } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Box, Flex, styled } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { useIsMobile } from '../hooks/use-is-mobile'
import { BrandLogo } from './brand-logo'
import { LegalLinks } from './legal-links'
import { RiskBanner } from './risk-banner'
import type { SignUpSiteSettings } from '../types'

/**
 * The frame of every sign-up screen: blurred background, header text, logo and language button, the page, the
 * legal links and footer text, and the CFD risk warning (docs/product/README.md#what-the-product-is), which phones
 * may dismiss and bring back.
 */
export function SignUpFrame(props: { settings: SignUpSiteSettings | undefined; children: ReactNode }) {
  const { settings } = props
  const isMobile = useIsMobile()
  const [riskDismissed, setRiskDismissed] = useState(false)
  const showRisk = !isMobile || !riskDismissed
  return (
    <Flex position="relative" isolation="isolate" minH="100dvh" flexDir="column">
      {/*
        docs/product/registration.md#sign-up-start-page: the register screens have a blurred full-screen background
        image. Scaled up so the blur's soft edge stays off screen; darkened so text over it keeps its contrast.
      */}
      <Box
        aria-hidden="true"
        position="fixed"
        inset="0"
        zIndex="-1"
        overflow="hidden"
        bg="bg.app"
        _before={{
          content: '""',
          position: 'absolute',
          inset: '0',
          backgroundImage: 'url(/images/signup-background.svg)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          filter: 'blur(10px) brightness(0.9)',
          transform: 'scale(1.08)',
        }}
        _after={{
          content: '""',
          position: 'absolute',
          inset: '0',
          bg: 'linear-gradient(180deg, token(colors.bg.scrimTop), token(colors.bg.scrimBottom))',
        }}
      />
      {settings?.header_text ? (
        <Box
          as="p"
          px="4"
          py="2"
          textAlign="center"
          fontSize="sm"
          whiteSpace="pre-line"
          bg="accent.subtle"
          borderBottomWidth="1px"
          borderColor="accent.border"
        >
          {settings.header_text}
        </Box>
      ) : null}
      <header
        className={hstack({
          justifyContent: 'space-between',
          gap: '4',
          px: { base: '4', md: '8' },
          py: { base: '3', md: '5' },
          maxW: '72rem',
          w: 'full',
          mx: 'auto',
        })}
      >
        <BrandLogo settings={settings} small={isMobile} />
        <styled.button
          type="button"
          // The name holds the word shown, EN, so a speech user can say what they see (decision 0041).
          aria-label="Language: English, EN (display only, no other language yet)"
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          h="9"
          px="3"
          rounded="pill"
          borderWidth="1px"
          borderColor="border.control"
          bg="bg.glassSoft"
          fontSize="sm"
          fontWeight="semibold"
          cursor="default"
          focusVisibleRing="outside"
        >
          <Globe size={16} aria-hidden="true" />
          EN
        </styled.button>
      </header>
      <Box as="main" flex="1" w="full" px={{ base: '4', md: '8' }} pb="8">
        {props.children}
      </Box>
      <footer
        className={grid({
          gap: '3',
          justifyItems: 'center',
          textAlign: 'center',
          px: '4',
          py: '6',
          fontSize: 'sm',
          color: 'text.muted',
        })}
      >
        <LegalLinks settings={settings} />
        {settings?.footer_text ? (
          <Box as="p" whiteSpace="pre-line" maxW="48rem">
            {settings.footer_text}
          </Box>
        ) : null}
        {!showRisk ? (
          <styled.button
            type="button"
            onClick={() => setRiskDismissed(false)}
            color="warning"
            fontWeight="medium"
            textDecoration="underline"
            cursor="pointer"
            focusVisibleRing="outside"
            rounded="sm"
          >
            Show risk warning
          </styled.button>
        ) : null}
      </footer>
      {showRisk ? <RiskBanner onDismiss={isMobile ? () => setRiskDismissed(true) : undefined} /> : null}
    </Flex>
  )
}
