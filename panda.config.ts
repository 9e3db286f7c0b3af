import { recipes, slotRecipes } from './src/components/ui/recipes'
import {
  defineConfig,
  defineGlobalStyles,
  defineSemanticTokens,
  defineTextStyles,
  defineTokens,
} from '@pandacss/dev'

// The dark trading theme. Components use only the semantic tokens below (bg.*, text.*, border.*, accent.*,
// gain.*, loss.*, warning.*, danger.*, success.*, focusRing); the raw palette exists to feed them.
// Each group's bare name is its `.default` (`color: 'gain'` = `color: 'gain.default'`, `borderColor: 'border'`).
// Contrast was checked against every background (bg.app .. bg.hover and each tone's .subtle tint):
// body text >= 11:1, text.muted >= 5.4:1, tone text (.default) >= 4.5:1, text on .solid >= 4.5:1,
// control borders (border.control) and focusRing >= 3:1 (WCAG 1.4.11).

const tokens = defineTokens({
  colors: {
    ink: {
      50: { value: '#f5f7fa' },
      100: { value: '#e6eaf0' },
      200: { value: '#c3cad6' },
      300: { value: '#97a1b3' },
      400: { value: '#667189' },
      500: { value: '#3b465c' },
      600: { value: '#283042' },
      650: { value: '#1f2634' },
      700: { value: '#232b3b' },
      750: { value: '#1c2331' },
      800: { value: '#171d29' },
      850: { value: '#11161f' },
      900: { value: '#0b0f17' },
      950: { value: '#06080d' },
    },
    brand: {
      300: { value: '#79aefc' },
      600: { value: '#2563eb' },
      700: { value: '#1d4ed8' },
    },
    bull: {
      400: { value: '#2ebd85' },
      700: { value: '#0d7f57' },
      800: { value: '#0a6b49' },
    },
    bear: {
      400: { value: '#ff6b7d' },
      600: { value: '#d9304a' },
      700: { value: '#bf2a40' },
    },
    gold: {
      400: { value: '#f0b90b' },
      500: { value: '#d9a400' },
      950: { value: '#1a1300' },
    },
    crimson: {
      400: { value: '#ff7b7b' },
      600: { value: '#c72c41' },
      700: { value: '#ab2437' },
    },
  },
  // Stacking order, low to high; overlays are portalled, so these only compete at the top level.
  zIndex: {
    hide: { value: -1 },
    base: { value: 0 },
    docked: { value: 10 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    banner: { value: 1200 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    skipLink: { value: 1600 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  fonts: {
    body: {
      value:
        "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
    },
    mono: {
      value:
        "ui-monospace, SFMono-Regular, 'SF Mono', 'Cascadia Mono', 'Roboto Mono', Menlo, Consolas, 'Liberation Mono', monospace",
    },
  },
})

function tone(text: string, solid: string, solidHover: string, fg: string, rgb: string) {
  return {
    DEFAULT: { value: text },
    default: { value: text },
    solid: { value: solid },
    solidHover: { value: solidHover },
    fg: { value: fg },
    subtle: { value: `rgba(${rgb}, 0.12)` },
    border: { value: `rgba(${rgb}, 0.45)` },
  }
}

const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      app: { value: '{colors.ink.900}' },
      surface: { value: '{colors.ink.850}' },
      raised: { value: '{colors.ink.800}' },
      overlay: { value: '{colors.ink.750}' },
      hover: { value: '{colors.ink.700}' },
      backdrop: { value: 'rgba(4, 6, 10, 0.72)' },
    },
    border: {
      DEFAULT: { value: '{colors.ink.600}' },
      default: { value: '{colors.ink.600}' },
      muted: { value: '{colors.ink.650}' },
      control: { value: '{colors.ink.400}' },
    },
    text: {
      DEFAULT: { value: '{colors.ink.100}' },
      default: { value: '{colors.ink.100}' },
      muted: { value: '{colors.ink.300}' },
      inverted: { value: '{colors.ink.900}' },
    },
    accent: tone(
      '{colors.brand.300}',
      '{colors.brand.600}',
      '{colors.brand.700}',
      '#ffffff',
      '121, 174, 252',
    ),
    gain: tone('{colors.bull.400}', '{colors.bull.700}', '{colors.bull.800}', '#ffffff', '46, 189, 133'),
    success: tone('{colors.bull.400}', '{colors.bull.700}', '{colors.bull.800}', '#ffffff', '46, 189, 133'),
    loss: tone('{colors.bear.400}', '{colors.bear.600}', '{colors.bear.700}', '#ffffff', '255, 107, 125'),
    danger: tone(
      '{colors.crimson.400}',
      '{colors.crimson.600}',
      '{colors.crimson.700}',
      '#ffffff',
      '255, 123, 123',
    ),
    warning: tone(
      '{colors.gold.400}',
      '{colors.gold.400}',
      '{colors.gold.500}',
      '{colors.gold.950}',
      '240, 185, 11',
    ),
    focusRing: { value: '{colors.brand.300}' },
  },
  radii: {
    control: { value: '{radii.md}' },
    surface: { value: '{radii.xl}' },
    pill: { value: '{radii.full}' },
  },
  shadows: {
    raised: { value: '0 1px 2px rgba(0, 0, 0, 0.35), 0 1px 1px rgba(0, 0, 0, 0.2)' },
    overlay: {
      value: '0 16px 40px -12px rgba(0, 0, 0, 0.7), 0 4px 12px rgba(0, 0, 0, 0.35)',
    },
  },
})

const textStyles = defineTextStyles({
  // Prices and quotes: fixed-width digits so columns and ticking figures do not jitter.
  price: { value: { fontFamily: 'mono', fontVariantNumeric: 'tabular-nums', letterSpacing: '-0.01em' } },
  // Balances and other figures inside body copy: body font, tabular digits.
  numeric: { value: { fontVariantNumeric: 'tabular-nums' } },
  label: { value: { fontSize: 'sm', fontWeight: 'medium', lineHeight: '1.25rem' } },
})

const globalCss = defineGlobalStyles({
  ':root': {
    // Read by Panda's focusRing / focusVisibleRing utilities.
    '--global-color-focus-ring': '{colors.focusRing}',
    '--global-font-body': '{fonts.body}',
    '--global-font-mono': '{fonts.mono}',
  },
  html: {
    colorScheme: 'dark',
    bg: 'bg.app',
    color: 'text.default',
    fontFamily: 'body',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    WebkitTapHighlightColor: 'transparent',
  },
  body: {
    bg: 'bg.app',
    color: 'text.default',
    fontFamily: 'body',
    minHeight: '100dvh',
  },
  '::selection': { bg: 'accent.solid', color: 'accent.fg' },
  '*, *::before, *::after': { borderColor: 'border.default' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
})

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  globalCss,
  // Components pick variants at runtime (createStyleContext), which static extraction cannot see: emit them all.
  staticCss: { recipes: '*' },
  conditions: {
    extend: {
      // Only flag fields the app marked invalid; the default also matches :invalid, which would paint every
      // empty required field red before the user touched it.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  theme: {
    extend: {
      // The spec's mobile breakpoint: below md is the phone layout.
      breakpoints: { md: '768px' },
      tokens,
      semanticTokens,
      textStyles,
      recipes,
      slotRecipes,
      keyframes: {
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        fadeOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        scaleIn: {
          from: { opacity: '0', transform: 'scale(0.96)' },
          to: { opacity: '1', transform: 'scale(1)' },
        },
        scaleOut: {
          from: { opacity: '1', transform: 'scale(1)' },
          to: { opacity: '0', transform: 'scale(0.96)' },
        },
      },
    },
  },
})
