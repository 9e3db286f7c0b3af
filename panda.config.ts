import { recipes, slotRecipes } from './src/components/ui/recipes'
import {
  defineConfig,
  defineGlobalStyles,
  defineSemanticTokens,
  defineTextStyles,
  defineTokens,
} from '@pandacss/dev'

// The trading theme, dark by default with a light variant (decision 0020). Components use only the semantic tokens
// below (bg.*, text.*, border.*, accent.*, gain.*, loss.*, warning.*, danger.*, success.*, focusRing); the raw
// palette exists to feed them. Each token has its dark value as `base` and its light one under `_light`, which
// applies when <html data-theme="light"> (set before the first paint by public/theme-init.js, then by
// src/lib/theme-store.ts). Each group's bare name is its `.default` (`color: 'gain'` = `color: 'gain.default'`,
// `borderColor: 'border'`). Contrast was checked against every background (bg.app .. bg.hover and each tone's .subtle
// tint), in both themes: body text >= 11:1, text.muted >= 5.4:1, tone text (.default) >= 4.5:1, text on .solid >=
// 4.5:1, control borders (border.control) and focusRing >= 3:1 (WCAG 1.4.11).

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
    // The light theme's surfaces, text and tones (decision 0020).
    paper: {
      0: { value: '#ffffff' },
      50: { value: '#f7f8fa' },
      100: { value: '#f2f4f7' },
      150: { value: '#e8ecf1' },
      200: { value: '#e1e6ec' },
      300: { value: '#d3d9e2' },
      500: { value: '#7c8798' },
      700: { value: '#4a5568' },
      900: { value: '#0f1623' },
    },
    day: {
      accent: { value: '#1d4ed8' },
      gain: { value: '#036a47' },
      gainSolid: { value: '#047a52' },
      gainSolidHover: { value: '#03603f' },
      loss: { value: '#b01c34' },
      lossSolid: { value: '#c2203a' },
      lossSolidHover: { value: '#a51b31' },
      danger: { value: '#b42318' },
      dangerSolidHover: { value: '#991f15' },
      warning: { value: '#8a4b00' },
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

interface Tone {
  /** Text and icons on the page's backgrounds. */
  text: string
  solid: string
  solidHover: string
  /** Text on .solid. */
  fg: string
  /** The tint's colour as `r, g, b`. */
  rgb: string
}

/** A tone's semantic tokens, dark (`base`) and light (`_light`). The light tint is lighter: 0.10 against 0.12. */
function tone(dark: Tone, light: Tone) {
  const both = (base: string, lightValue: string) => ({ value: { base, _light: lightValue } })
  const text = both(dark.text, light.text)
  return {
    DEFAULT: text,
    default: text,
    solid: both(dark.solid, light.solid),
    solidHover: both(dark.solidHover, light.solidHover),
    fg: both(dark.fg, light.fg),
    subtle: both(`rgba(${dark.rgb}, 0.12)`, `rgba(${light.rgb}, 0.10)`),
    border: both(`rgba(${dark.rgb}, 0.45)`, `rgba(${light.rgb}, 0.45)`),
  }
}

/** One value per theme. */
const themed = (base: string, light: string) => ({ value: { base, _light: light } })

const GAIN_DARK: Tone = {
  text: '{colors.bull.400}',
  solid: '{colors.bull.700}',
  solidHover: '{colors.bull.800}',
  fg: '#ffffff',
  rgb: '46, 189, 133',
}
const GAIN_LIGHT: Tone = {
  text: '{colors.day.gain}',
  solid: '{colors.day.gainSolid}',
  solidHover: '{colors.day.gainSolidHover}',
  fg: '#ffffff',
  rgb: '4, 122, 82',
}

const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      app: themed('{colors.ink.900}', '{colors.paper.100}'),
      surface: themed('{colors.ink.850}', '{colors.paper.0}'),
      raised: themed('{colors.ink.800}', '{colors.paper.50}'),
      overlay: themed('{colors.ink.750}', '{colors.paper.0}'),
      hover: themed('{colors.ink.700}', '{colors.paper.150}'),
      backdrop: themed('rgba(4, 6, 10, 0.72)', 'rgba(15, 22, 35, 0.45)'),
      // The sign-up screens' cards and chips over their blurred photo: nearly opaque, so text keeps its contrast.
      glass: themed('rgba(17, 22, 31, 0.94)', 'rgba(255, 255, 255, 0.94)'),
      glassSoft: themed('rgba(17, 22, 31, 0.75)', 'rgba(255, 255, 255, 0.8)'),
      // The veil over that photo, top and bottom.
      scrimTop: themed('rgba(11, 15, 23, 0.45)', 'rgba(242, 244, 247, 0.55)'),
      scrimBottom: themed('rgba(11, 15, 23, 0.8)', 'rgba(242, 244, 247, 0.88)'),
    },
    border: {
      DEFAULT: themed('{colors.ink.600}', '{colors.paper.300}'),
      default: themed('{colors.ink.600}', '{colors.paper.300}'),
      muted: themed('{colors.ink.650}', '{colors.paper.200}'),
      control: themed('{colors.ink.400}', '{colors.paper.500}'),
    },
    text: {
      DEFAULT: themed('{colors.ink.100}', '{colors.paper.900}'),
      default: themed('{colors.ink.100}', '{colors.paper.900}'),
      muted: themed('{colors.ink.300}', '{colors.paper.700}'),
      inverted: themed('{colors.ink.900}', '{colors.paper.0}'),
    },
    accent: tone(
      {
        text: '{colors.brand.300}',
        solid: '{colors.brand.600}',
        solidHover: '{colors.brand.700}',
        fg: '#ffffff',
        rgb: '121, 174, 252',
      },
      {
        text: '{colors.day.accent}',
        solid: '{colors.brand.600}',
        solidHover: '{colors.brand.700}',
        fg: '#ffffff',
        rgb: '37, 99, 235',
      },
    ),
    gain: tone(GAIN_DARK, GAIN_LIGHT),
    success: tone(GAIN_DARK, GAIN_LIGHT),
    loss: tone(
      {
        text: '{colors.bear.400}',
        solid: '{colors.bear.600}',
        solidHover: '{colors.bear.700}',
        fg: '#ffffff',
        rgb: '255, 107, 125',
      },
      {
        text: '{colors.day.loss}',
        solid: '{colors.day.lossSolid}',
        solidHover: '{colors.day.lossSolidHover}',
        fg: '#ffffff',
        rgb: '194, 32, 58',
      },
    ),
    danger: tone(
      {
        text: '{colors.crimson.400}',
        solid: '{colors.crimson.600}',
        solidHover: '{colors.crimson.700}',
        fg: '#ffffff',
        rgb: '255, 123, 123',
      },
      {
        text: '{colors.day.danger}',
        solid: '{colors.day.danger}',
        solidHover: '{colors.day.dangerSolidHover}',
        fg: '#ffffff',
        rgb: '180, 35, 24',
      },
    ),
    warning: tone(
      {
        text: '{colors.gold.400}',
        solid: '{colors.gold.400}',
        solidHover: '{colors.gold.500}',
        fg: '{colors.gold.950}',
        rgb: '240, 185, 11',
      },
      {
        text: '{colors.day.warning}',
        solid: '{colors.gold.400}',
        solidHover: '{colors.gold.500}',
        fg: '{colors.gold.950}',
        rgb: '180, 110, 0',
      },
    ),
    focusRing: themed('{colors.brand.300}', '{colors.brand.600}'),
    /** A switch's track when off (a neutral that reads as "off" on either theme's surfaces). */
    track: themed('{colors.ink.500}', '{colors.paper.300}'),
  },
  radii: {
    control: { value: '{radii.md}' },
    surface: { value: '{radii.xl}' },
    pill: { value: '{radii.full}' },
  },
  shadows: {
    raised: themed(
      '0 1px 2px rgba(0, 0, 0, 0.35), 0 1px 1px rgba(0, 0, 0, 0.2)',
      '0 1px 2px rgba(15, 22, 35, 0.08), 0 1px 1px rgba(15, 22, 35, 0.05)',
    ),
    overlay: themed(
      '0 16px 40px -12px rgba(0, 0, 0, 0.7), 0 4px 12px rgba(0, 0, 0, 0.35)',
      '0 16px 40px -12px rgba(15, 22, 35, 0.25), 0 4px 12px rgba(15, 22, 35, 0.12)',
    ),
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
  // The light theme's native parts (scrollbars, date pickers, autofill) follow it too.
  'html[data-theme=light]': { colorScheme: 'light' },
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
      // The theme is an attribute on <html> (src/lib/theme-store.ts); semantic tokens switch their variables there.
      light: '[data-theme=light] &',
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
