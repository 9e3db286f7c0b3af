import { useEffect, useEffectEvent, useState } from 'react'
import { SPLASH_STEP_MS, SPLASH_STEPS } from '../../../domain/site/site-state'

/** docs/product/site-and-gates.md#splash: 0 to 100 in 1 % steps every 30 ms, then the completion callback, once. */
export function useSplashProgress(onComplete: () => void) {
  const [percent, setPercent] = useState(0)
  const complete = useEffectEvent(onComplete)

  useEffect(() => {
    const timer = setInterval(() => {
      setPercent((current) => {
        const next = Math.min(current + 1, SPLASH_STEPS)
        if (next === SPLASH_STEPS) clearInterval(timer)
        return next
      })
    }, SPLASH_STEP_MS)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (percent === SPLASH_STEPS) complete()
  }, [percent])

  return percent
}
