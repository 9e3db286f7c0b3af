import { Stack } from 'styled-system/jsx'
import { Button } from '../../../components/ui/button'

/** 'Try again' under a load failure's sentence in an AlertBox (the account pages' sections and dialogs). */
export function TryAgain(props: { onClick: () => void }) {
  return (
    <Stack mt="2">
      <Button variant="outline" size="sm" onClick={props.onClick}>
        Try again
      </Button>
    </Stack>
  )
}
