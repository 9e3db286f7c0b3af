// The design system's public surface. Compound components are namespaces (<Dialog.Root>, <Tabs.Trigger>);
// ready-made ones are plain components (<TextField>, <Checkbox>, <AlertBox>).
export { AlertBox, type AlertBoxProps, type AlertBoxVariant } from './alert-box'
export { Badge, type BadgeProps } from './badge'
export { Button, IconButton, type ButtonProps, type IconButtonProps } from './button'
export * as Card from './card'
export { Checkbox, type CheckboxProps, type CheckedChangeDetails, type CheckedState } from './checkbox'
export * as Dialog from './dialog'
export {
  DialogCancel,
  DialogFrame,
  DialogFrameForm,
  type DialogFrameFormProps,
  type DialogFrameProps,
} from './dialog-frame'
export { DetailList, type DetailListProps, type DetailRow } from './detail-list'
export { EmailField, type EmailFieldProps } from './email-field'
export { EmptyState, type EmptyStateProps } from './empty-state'
export { FigureGrid, type Figure } from './figure-grid'
export { FormCheckbox, type FormCheckboxProps } from './form-checkbox'
export { FormField, type FormFieldProps } from './form-field'
export { FormSelect, type FormSelectProps } from './form-select'
export { FormSwitch, type FormSwitchProps } from './form-switch'
export { FormTextArea, type FormTextAreaProps } from './form-text-area'
export { Heading, type HeadingProps } from './heading'
export { LiveText, type LiveTextProps } from './live-text'
export { LoadMoreSentinel, type LoadMoreSentinelProps } from './load-more-sentinel'
export {
  Field,
  NewPasswordFields,
  PasswordField,
  TextField,
  type NewPasswordValues,
  type PasswordFieldProps,
  type TextFieldProps,
} from './input'
export * as Menu from './menu'
export { OptionSelect, type SelectOption } from './option-select'
export * as Popover from './popover'
export { ProgressBar } from './progress-bar'
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group'
export { SearchField, type SearchFieldProps } from './search-field'
export { SectionCard, sectionHeadingId, type SectionCardProps, type TitledSectionProps } from './section-card'
export { SegmentGroup, type SegmentGroupProps, type SegmentOption } from './segment-group'
export * as Select from './select'
export { createListCollection, type CollectionItem, type ListCollection } from './select'
export { Spinner, type SpinnerProps } from './spinner'
export { Stat, type StatProps } from './stat'
export { Surface, surface, type SurfaceProps } from './surface'
export { Switch, type SwitchProps } from './switch'
export * as Tabs from './tabs'
export { Text, type TextProps } from './text'
export { TextAreaField, type TextAreaFieldProps } from './text-area-field'
export { toast } from './toast'
export { Toaster, type ExternalToast, type ToasterProps } from './toaster'
export { ToggleGroup, type ToggleGroupProps, type ToggleOption } from './toggle-group'
export { useAnyLayerOpen } from './use-any-layer-open'
