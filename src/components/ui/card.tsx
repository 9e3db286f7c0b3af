import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { card } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

// A plain surface for grouping content: Root > Header (Title, Description) > Body > Footer. Every part accepts
// `asChild` (e.g. <Card.Title asChild><h2>…</h2></Card.Title> to pick the heading level).

const { withProvider, withContext } = createStyleContext(card)

export const Root = withProvider(ark.section, 'root', 'Card.Root')
export const Header = withContext(ark.div, 'header', 'Card.Header')
export const Title = withContext(ark.h3, 'title', 'Card.Title')
export const Description = withContext(ark.p, 'description', 'Card.Description')
export const Body = withContext(ark.div, 'body', 'Card.Body')
export const Footer = withContext(ark.div, 'footer', 'Card.Footer')

export type RootProps = ComponentProps<typeof Root>
