// The frame the account area (features/shell's AppShell) and the back office (AdminShell) share: the side bar that
// holds the menu on desktop, the top bar, and the menus' link and section styles (the workspace's side menu uses the
// section title too). One place, so the two frames cannot drift apart in how a bar sits, scrolls or borders; each
// shell decides what goes inside and how wide its side bar is.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

const sideBar = css({
  display: { base: 'none', md: 'block' },
  flexShrink: 0,
  borderRightWidth: '1px',
  borderColor: 'border',
  bg: 'bg.surface',
  p: '4',
  position: 'sticky',
  top: '0',
  h: '100dvh',
  overflowY: 'auto',
})

/** The desktop side bar (hidden below 768 px); `className` gives its width, e.g. `css({ w: '64' })`. */
export function ShellSideBar(props: { className: string; children: ReactNode }) {
  return <aside className={cx(sideBar, props.className)}>{props.children}</aside>
}

const siteNameClass = css({ display: 'block', px: '3', fontWeight: 'bold', fontSize: 'lg' })
const siteNameAlone = css({ mb: '6' })
const siteNameOverArea = css({ mb: '1' })
const areaClass = css({ px: '3', mb: '6', fontSize: 'xs', color: 'text.muted' })

/**
 * The head of the side bar: the site's name, a link to the area's first page, and under it, where it says which area
 * this is ('Back office'), that line.
 */
export function ShellSiteName(props: { to: '/main/dashboard' | '/admin'; siteName: string; area?: string }) {
  return (
    <>
      <Link to={props.to} className={cx(siteNameClass, props.area ? siteNameOverArea : siteNameAlone)}>
        {props.siteName}
      </Link>
      {props.area ? <p className={areaClass}>{props.area}</p> : null}
    </>
  )
}

const topBar = css({
  h: '14',
  flexShrink: 0,
  px: { base: '3', md: '6' },
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  borderBottomWidth: '1px',
  borderColor: 'border',
  bg: 'bg.surface',
  position: 'sticky',
  top: '0',
  zIndex: 'docked',
})

/** The bar across the top of the content: the site's name on phones, the status, the user and Logout. */
export function ShellTopBar(props: { children: ReactNode }) {
  return <header className={topBar}>{props.children}</header>
}

/** The small capitals over a group of a menu's links ('Funds', 'Pairs'); the caller sets the side padding. */
export const menuSectionTitle = css({
  mb: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
  color: 'text.muted',
})

/** A link of either menu; the current page's link carries `aria-current="page"`. */
export const shellNavLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  rounded: 'md',
  fontSize: 'sm',
  color: 'text.muted',
  _hover: { bg: 'bg.raised', color: 'text' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'text', fontWeight: 'medium' },
})
