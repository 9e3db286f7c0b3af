import { Activity, CandlestickChart, TrendingUp } from 'lucide-react'
import { css } from 'styled-system/css'
import { useSplashProgress } from '../hooks/use-splash-progress'

const pulse = (delayMs: number) => ({ animationDelay: `${delayMs}ms` }) as const

/**
 * docs/product/site-and-gates.md#splash, state 5: site name, three pulsing icons, a progress bar and 'Loading market
 * data...'.
 */
export function SplashScreen(props: { siteName: string; onComplete: () => void }) {
  const percent = useSplashProgress(props.onComplete)
  const iconClass = css({
    color: 'accent',
    animation: 'pulse 1.2s ease-in-out infinite',
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  })
  return (
    <main
      data-testid="splash"
      className={css({
        minH: '100dvh',
        display: 'flex',
        flexDir: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '6',
        bg: 'bg.app',
        p: '6',
      })}
    >
      <h1
        className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}
      >
        {props.siteName}
      </h1>
      <div aria-hidden="true" className={css({ display: 'flex', gap: '5' })}>
        <TrendingUp size={28} className={iconClass} style={pulse(0)} />
        <CandlestickChart size={28} className={iconClass} style={pulse(200)} />
        <Activity size={28} className={iconClass} style={pulse(400)} />
      </div>
      <div
        role="progressbar"
        aria-label="Loading market data"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={css({
          w: '64',
          maxW: '80vw',
          h: '1.5',
          bg: 'bg.raised',
          rounded: 'full',
          overflow: 'hidden',
        })}
      >
        <div
          className={css({ h: 'full', bg: 'accent', rounded: 'full', transition: 'width 30ms linear' })}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={css({ color: 'text.muted', fontSize: 'sm' })}>Loading market data...</p>
    </main>
  )
}
