import { defineSlotRecipe } from '@pandacss/dev'

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDir: 'column',
      bg: 'bg.surface',
      color: 'text.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      rounded: 'surface',
      boxShadow: 'raised',
      overflow: 'hidden',
    },
    header: {
      display: 'flex',
      flexDir: 'column',
      gap: '1',
      px: { base: '4', md: '5' },
      pt: { base: '4', md: '5' },
    },
    title: { fontSize: 'md', fontWeight: 'semibold', lineHeight: '1.5rem' },
    description: { fontSize: 'sm', color: 'text.muted' },
    body: { display: 'flex', flexDir: 'column', gap: '3', p: { base: '4', md: '5' } },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '3',
      px: { base: '4', md: '5' },
      py: '3',
      borderTopWidth: '1px',
      borderColor: 'border.default',
      bg: 'bg.raised',
    },
  },
  variants: {
    variant: {
      surface: {},
      raised: { root: { bg: 'bg.raised' } },
      outline: { root: { bg: 'transparent', boxShadow: 'none' } },
    },
  },
  defaultVariants: { variant: 'surface' },
})
