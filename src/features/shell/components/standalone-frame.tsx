import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

/** The frame of the full-width areas outside the account menu: the trading workspace and the admin console. */
export function StandaloneFrame(props: {
  siteName: string
  area: string
  /** The page fills the screen below the bar, edge to edge, and scrolls inside itself (the admin console). */
  fill?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={css({ minH: '100dvh', bg: 'bg.app', display: 'flex', flexDir: 'column' })}
      style={props.fill ? { height: '100dvh' } : undefined}
    >
      <header
        className={css({
          h: '14',
          px: { base: '3', md: '6' },
          display: 'flex',
          alignItems: 'center',
          gap: '4',
          borderBottomWidth: '1px',
          borderColor: 'border',
          bg: 'bg.surface',
        })}
      >
        <Link
          to="/main/dashboard"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            fontSize: 'sm',
            color: 'text.muted',
            _hover: { color: 'text' },
          })}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Dashboard
        </Link>
        <span className={css({ fontWeight: 'bold' })}>{props.siteName}</span>
        <span className={css({ color: 'text.muted', fontSize: 'sm' })}>{props.area}</span>
      </header>
      <main
        className={
          props.fill
            ? css({ flex: '1', minH: '0', display: 'flex', flexDir: 'column', w: 'full' })
            : css({ flex: '1', p: { base: '4', md: '8' }, maxW: '72rem', w: 'full' })
        }
      >
        {props.children}
      </main>
    </div>
  )
}
