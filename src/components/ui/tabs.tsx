import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import type { ComponentProps } from 'react'
import { tabs } from 'styled-system/recipes'
import { createStyleContext } from './style-context'

// Tabs: arrow keys move between triggers (automatic activation), Home/End jump to the ends.
// Variants: line (underlined) and enclosed (segmented control); the selected tab is marked by shape and weight,
// not colour alone.

const { withProvider, withContext } = createStyleContext(tabs)

export const Root = withProvider(ArkTabs.Root, 'root', 'Tabs.Root')
export const List = withContext(ArkTabs.List, 'list', 'Tabs.List')
export const Trigger = withContext(ArkTabs.Trigger, 'trigger', 'Tabs.Trigger')
export const Content = withContext(ArkTabs.Content, 'content', 'Tabs.Content')
export const Indicator = withContext(ArkTabs.Indicator, 'indicator', 'Tabs.Indicator')
export const Context = ArkTabs.Context

export type RootProps = ComponentProps<typeof Root>
export type ValueChangeDetails = ArkTabs.ValueChangeDetails
