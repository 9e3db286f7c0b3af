import { WifiOff } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { FullScreenState } from '../../../components/full-screen-state'

export const SITE_UNREACHABLE_MESSAGE =
  "We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance."

/** docs/product/site-and-gates.md#full-screen-states, state 3. Try Again re-fetches the site settings. */
export function SiteUnreachable(props: { onRetry: () => void; retrying: boolean }) {
  return (
    <FullScreenState
      icon={<WifiOff size={28} />}
      tone="danger"
      title="Site Unreachable"
      actions={
        <Button onClick={props.onRetry} loading={props.retrying}>
          Try Again
        </Button>
      }
    >
      <p>{SITE_UNREACHABLE_MESSAGE}</p>
    </FullScreenState>
  )
}
