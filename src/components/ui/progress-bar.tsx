import { css } from 'styled-system/css'

// A determinate progress bar (role="progressbar") with its label and the percentage in words: uploads of
// verification documents and avatars (decision 0020).

export function ProgressBar(props: { label: string; value: number; testId?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, props.value)) * 100)
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <div
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          fontSize: 'xs',
          color: 'text.muted',
        })}
      >
        <span>{props.label}</span>
        <span aria-hidden="true" className={css({ textStyle: 'numeric' })}>
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid={props.testId}
        className={css({ h: '2', bg: 'bg.hover', rounded: 'pill', overflow: 'hidden' })}
      >
        <div
          className={css({ h: 'full', bg: 'accent.solid', transition: 'width 0.2s ease-out' })}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
