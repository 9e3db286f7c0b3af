import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { hstack, wrap } from 'styled-system/patterns'

export interface Crumb {
  label: string
  to?: string
}

/** A page's heading and its place in the navigation (breadcrumb). */
export function PageHeader(props: { title: string; trail: Crumb[]; description?: ReactNode }) {
  return (
    <Box as="header" mb="6">
      <nav aria-label="Breadcrumb">
        <ol
          className={wrap({ alignItems: 'center', gap: '1', fontSize: 'sm', color: 'text.muted', mb: '2' })}
        >
          {props.trail.map((crumb, index) => (
            <li key={`${crumb.label}-${index}`} className={hstack({ gap: '1' })}>
              {index > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
              {crumb.to ? (
                <Link
                  to={crumb.to}
                  className={css({ _hover: { color: 'text', textDecoration: 'underline' } })}
                >
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page">{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <Box as="h1" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold" letterSpacing="tight">
        {props.title}
      </Box>
      {props.description ? (
        <Box as="p" mt="2" color="text.muted" maxW="48rem">
          {props.description}
        </Box>
      ) : null}
    </Box>
  )
}
