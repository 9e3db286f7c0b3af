import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'

// A filter form's buttons (Apply, Clear filters), the last cell of the form's grid: on a wide screen under a space as
// tall as a field's label, so the buttons line up with the inputs whatever the font; on a phone across the whole row.

const cell = grid({ gap: '1.5', gridColumn: { base: '1 / -1', md: 'auto' } })
const labelSpace = css({ display: { base: 'none', md: 'block' }, textStyle: 'label' })

export function FilterActions(props: { children: ReactNode }) {
  return (
    <div className={cell}>
      <span aria-hidden="true" className={labelSpace}>
        &nbsp;
      </span>
      {props.children}
    </div>
  )
}
