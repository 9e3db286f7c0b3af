// Every recipe of the design system, registered in panda.config.ts and generated into styled-system/recipes.
// Definitions only: the app imports the generated runtime (`styled-system/recipes`), never this folder.
import { alertBox } from './alert-box'
import { button } from './button'
import { card } from './card'
import { checkbox } from './checkbox'
import { dialog } from './dialog'
import { field } from './field'
import { menu } from './menu'
import { popover } from './popover'
import { radioGroup } from './radio-group'
import { segmentGroup } from './segment-group'
import { select } from './select'
import { spinner } from './spinner'
import { switchRecipe } from './switch'
import { tabs } from './tabs'
import { heading, text } from './text'

export const recipes = { button, spinner, heading, text }

export const slotRecipes = {
  alertBox,
  card,
  checkbox,
  switchRecipe,
  dialog,
  field,
  menu,
  popover,
  radioGroup,
  segmentGroup,
  select,
  tabs,
}
