import { Link } from '@tanstack/react-router'
import { Wallet } from 'lucide-react'
import { css } from 'styled-system/css'
import { OFFLINE_ORDER_REASON } from '../../../domain/offline/last-known'

const deposit = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  rounded: 'control',
  bg: 'gain.solid',
  color: 'gain.fg',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  _hover: { bg: 'gain.solidHover' },
  _focusVisible: { focusVisibleRing: 'outside' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'gain.solid' } },
} as const
// The header's compact button, and the side menu's full-width one.
const PLACEMENTS = {
  header: css(deposit, { h: '8', px: '3', fontSize: 'sm' }),
  menu: css(deposit, { display: 'flex', gap: '2', h: '10' }),
}

/**
 * The workspace's Deposit (header and side menu). Offline (decision 0022) it is a disabled button saying why, by its
 * description (`closedBy`, the id of the reason) and its tooltip: a deposit needs the server.
 */
export function DepositLink(props: { closedBy?: string; placement: keyof typeof PLACEMENTS }) {
  const className = PLACEMENTS[props.placement]
  const content = (
    <>
      <Wallet aria-hidden size={16} /> Deposit
    </>
  )
  if (props.closedBy !== undefined) {
    return (
      <button
        type="button"
        disabled
        aria-describedby={props.closedBy}
        title={OFFLINE_ORDER_REASON}
        className={className}
      >
        {content}
      </button>
    )
  }
  return (
    <Link to="/main/deposit" className={className}>
      {content}
    </Link>
  )
}
