import { CloudOff, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Box } from 'styled-system/jsx'
import { stack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { loadThirdPartyScript } from '../../../lib/third-party-script'

type WidgetStatus = 'loading' | 'ready' | 'failed'

export interface ThirdPartyWidgetProps {
  /** The panel's accessible name ('Economic calendar'). */
  label: string
  src: string
  config: Readonly<Record<string, unknown>>
  loadingText: string
  failedText: string
}

const overlay = stack({
  position: 'absolute',
  inset: '0',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  p: '6',
  textAlign: 'center',
  color: 'text.muted',
  fontSize: 'sm',
  lineHeight: 'relaxed',
})

/**
 * A panel that holds an embed widget drawn by a foreign script, with plain words while it loads and when it cannot
 * (offline, blocked). The script's container is left to the script: React renders nothing inside it.
 */
export function ThirdPartyWidget(props: ThirdPartyWidgetProps) {
  const { src, config } = props
  const hostRef = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<WidgetStatus>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    // The markup TradingView's embed scripts expect: the widget slot, then the script beside it.
    const slot = host.ownerDocument.createElement('div')
    slot.className = 'tradingview-widget-container__widget'
    slot.style.height = '100%'
    slot.style.width = '100%'
    host.replaceChildren(slot)
    const controller = new AbortController()
    loadThirdPartyScript(host, { src, config, signal: controller.signal }).then(
      () => setStatus('ready'),
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.warn(error)
        host.replaceChildren()
        setStatus('failed')
      },
    )
    return () => {
      controller.abort()
      host.replaceChildren()
    }
  }, [src, config, attempt])

  const retry = () => {
    setStatus('loading')
    setAttempt((count) => count + 1)
  }

  return (
    <Box
      as="section"
      aria-label={props.label}
      aria-busy={status === 'loading'}
      position="relative"
      h="100%"
      minH="0"
      w="full"
      overflow="hidden"
    >
      <Box
        ref={hostRef}
        h="100%"
        w="full"
        className="tradingview-widget-container"
        hidden={status === 'failed'}
      />
      {status === 'loading' ? (
        <div className={overlay}>
          <Spinner size="lg" />
          <p role="status">{props.loadingText}</p>
        </div>
      ) : status === 'failed' ? (
        <div role="alert" className={overlay}>
          <CloudOff size={28} aria-hidden="true" />
          <Box as="p" maxW="22rem">
            {props.failedText}
          </Box>
          <Button size="sm" variant="outline" onClick={retry}>
            <RefreshCw size={14} aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : null}
    </Box>
  )
}
