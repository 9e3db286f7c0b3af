import { useEffect, useState, type ReactNode } from 'react'
import { DEFAULT_SITE_NAME, siteGateState } from '../../../domain/site/site-state'
import { useSettings } from '../api/get-settings'
import { SiteDisabled } from './site-disabled'
import { SiteUnreachable } from './site-unreachable'
import { SplashScreen } from './splash-screen'

/**
 * Holds the whole app behind the site's own state (docs/product/site-and-gates.md#splash and #site-gate): the
 * splash on a first visit, Site Unreachable when the settings cannot be had, Site Temporarily Disabled when the
 * operator says so.
 */
export function SiteGate(props: { children: ReactNode; staffAccess?: boolean }) {
  const settings = useSettings()
  // A visitor with cached settings is initialised already and skips the splash
  // (docs/product/site-and-gates.md#site-gate: "while loading and not initialised"); a first visit plays it to the
  // end before the page replaces it.
  const [splashRunning, setSplashRunning] = useState(() => settings.data === undefined)
  const siteName = settings.data?.name ?? DEFAULT_SITE_NAME

  useEffect(() => {
    document.title = siteName
  }, [siteName])

  const state = siteGateState({
    settings: settings.data ?? null,
    // docs/product/api.md#errors: a failed fetch initialises too. errorUpdateCount, not isError: a query without data
    // goes back to 'pending' while Try Again asks again, and the splash must not replace Site Unreachable meanwhile.
    initialized: settings.data !== undefined || settings.errorUpdateCount > 0,
    isLoading: settings.isFetching,
    hasError: settings.isError,
    splashRunning,
    staffAccess: props.staffAccess ?? false,
  })

  const refetch = () => void settings.refetch()
  switch (state) {
    case 'splash':
      return <SplashScreen siteName={siteName} onComplete={() => setSplashRunning(false)} />
    case 'unreachable':
      return <SiteUnreachable onRetry={refetch} retrying={settings.isFetching} />
    case 'disabled':
      return settings.data ? (
        <SiteDisabled settings={settings.data} onCheckStatus={refetch} checking={settings.isFetching} />
      ) : null
    case 'content':
      return props.children
  }
}
