import { Box, Flex } from 'styled-system/jsx'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/error-message'

// What a cashier panel shows before its data: a labelled spinner, or the failure with a way to try again.

export function Loading(props: { label: string }) {
  return (
    <Flex justifyContent="center" py="10">
      <Spinner size="lg" label={props.label} />
    </Flex>
  )
}

export function LoadFailed(props: { error: unknown; onRetry: () => void; what: string }) {
  return (
    <AlertBox
      variant="destructive"
      title={`${props.what} could not be loaded.`}
      description={errorMessage(props.error)}
    >
      <Box mt="3">
        <Button variant="outline" size="sm" onClick={props.onRetry}>
          Try again
        </Button>
      </Box>
    </AlertBox>
  )
}
