import { grid } from 'styled-system/patterns'
import { OptionSelect } from '../../../components/ui/option-select'
import { THEME_OPTIONS } from '../../../domain/display/theme'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { themeStore, useThemePreference } from '../../../lib/theme-store'
import { AccountSection } from './account-section'
import { ChoiceGroup } from './choice-group'

export interface DisplaySettingsProps {
  currency: DisplayCurrency
  currencies: readonly DisplayCurrency[]
  onCurrencyChange: (code: string) => void
}

/** Display currency (the one the workspace's balance menu sets) and the colour theme, both kept per browser. */
export function DisplaySettings(props: DisplaySettingsProps) {
  const theme = useThemePreference()
  const options = props.currencies.map((currency) => ({
    value: currency.code,
    label: `${currency.code} (${currency.symbol})`,
  }))
  return (
    <AccountSection title="Display" description="How amounts and screens look on this browser.">
      <div className={grid({ gap: '5', maxW: '28rem' })}>
        <OptionSelect
          label="Display currency"
          name="display-currency"
          options={options}
          value={props.currency.code}
          onChange={props.onCurrencyChange}
          helperText="Balances are kept in USD and shown converted."
        />
        <ChoiceGroup
          legend="Theme"
          name="theme"
          options={THEME_OPTIONS}
          value={theme}
          onChange={(next) => themeStore.setPreference(next)}
          description="System follows your device's light or dark setting."
        />
      </div>
    </AccountSection>
  )
}
