import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { heading, type HeadingVariantProps } from 'styled-system/recipes'

type Level = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'

export type HeadingProps = ComponentProps<'h2'> &
  HeadingVariantProps & {
    /** The element, i.e. the document outline level; `size` sets the look independently. Default h2. */
    as?: Level
  }

export function Heading({ as: Tag = 'h2', className, ...props }: HeadingProps) {
  const [variants, rest] = heading.splitVariantProps(props)
  return <Tag className={cx(heading(variants), className)} {...rest} />
}
