import { QRCodeSVG } from 'qrcode.react'
import { css, cx } from 'styled-system/css'

// The address as a QR code (qrcode.react, drawn as SVG on a white quiet zone so any wallet's camera reads it on the
// dark theme). The code encodes the bare address: every wallet reads that, not all read a bitcoin: URI.

export function DepositQrCode(props: { address: string; label: string; size: number; className?: string }) {
  return (
    <div
      data-testid="deposit-qr-code"
      data-value={props.address}
      className={cx(
        css({
          display: 'inline-flex',
          p: '3',
          bg: 'white',
          rounded: 'control',
          lineHeight: '0',
          maxW: 'full',
          '& svg': { maxW: 'full', h: 'auto' },
        }),
        props.className,
      )}
    >
      <QRCodeSVG
        value={props.address}
        size={props.size}
        level="M"
        marginSize={0}
        bgColor="#ffffff"
        fgColor="#000000"
        role="img"
        aria-label={props.label}
        title={props.label}
      />
    </div>
  )
}
