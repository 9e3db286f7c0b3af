import { TriangleAlert } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { FullScreenState } from '../../../components/full-screen-state'

export const ROUTE_ERROR_MESSAGE =
  'This page could not be shown. Reload to try again; your account is not affected.'

/**
 * What a route shows when it fails, instead of the router's bare "Something went wrong!" on a blank screen: a
 * failure the person can retry. The error's own text stays out of the page; it is for the console. (A path whose id
 * names nothing is not a failure: its route throws notFound, src/routes/-guards.ts.)
 */
export function RouteErrorPage() {
  return (
    <FullScreenState
      icon={<TriangleAlert size={28} />}
      tone="danger"
      title="Something went wrong"
      actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
    >
      <p>{ROUTE_ERROR_MESSAGE}</p>
    </FullScreenState>
  )
}
