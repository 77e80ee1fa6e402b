/**
 * @solar/ui: the accessible, presentational component library. Components take data,
 * translated labels and callbacks as props; they never fetch, route or read app state.
 * Import the theme once in the app: `import '@solar/ui/theme.css'`.
 */
export { cn, focusRing } from './cn.ts';
/** react-aria's locale provider: wrap the app so built-in labels and number formats follow the interface language. */
export { I18nProvider, RouterProvider } from 'react-aria-components';
export { formatNumber, formatSom, somUnit } from './format.ts';
export * from './icons.tsx';
export { Logo, LogoMark, type LogoProps } from './logo.tsx';
export {
  SiteFooter,
  telHref,
  type SiteFooterLabels,
  type SiteFooterProps,
} from './site-footer.tsx';
export { Button, buttonVariants, type ButtonProps } from './button.tsx';
export { ButtonLink, Link, type ButtonLinkProps } from './link.tsx';
export { Description, FieldError, fieldControlStyles, Input, Label, TextArea } from './field.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export {
  PasswordField,
  type PasswordFieldProps,
  type PasswordRequirementId,
} from './password-field.tsx';
export { Checkbox, type CheckboxProps } from './checkbox.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group.tsx';
export { Select, type SelectOption, type SelectProps } from './select.tsx';
export { SearchField, type SearchFieldProps } from './search-field.tsx';
export { ComboBox, type ComboBoxOption, type ComboBoxProps } from './combo-box.tsx';
export { NumberField, type NumberFieldProps } from './number-field.tsx';
export { SliderField, type SliderFieldProps } from './slider.tsx';
export { FileDropZone, type FileDropZoneProps } from './file-drop-zone.tsx';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';
export { Avatar, avatarVariants, initialsOf, type AvatarProps } from './avatar.tsx';
export { RoleBadge, roleBadgeVariants, type RoleBadgeProps } from './role-badge.tsx';
export { StatusBadge, statusBadgeVariants, type StatusBadgeProps } from './status-badge.tsx';
export {
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastInput,
  type ToastKind,
  type ToastProviderProps,
} from './toast.tsx';
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from './dialog.tsx';
export {
  LoadingOverlay,
  Spinner,
  spinnerVariants,
  type LoadingOverlayProps,
  type SpinnerProps,
} from './spinner.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state.tsx';
export { LoadError, type LoadErrorProps } from './load-error.tsx';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table.tsx';
export {
  PageSizeSelect,
  Pagination,
  type PageSizeSelectProps,
  type PaginationLabels,
  type PaginationProps,
} from './pagination.tsx';
export {
  ChatMessage,
  loadChatMarkdown,
  type ChatMessageProps,
  type RegenerateMenuProps,
} from './chat-message.tsx';
export { ChatComposer, type ChatComposerLabels, type ChatComposerProps } from './chat-composer.tsx';
export {
  ConversationList,
  type ConversationListLabels,
  type ConversationListProps,
} from './conversation-list.tsx';
export {
  EditableTitle,
  type EditableTitleLabels,
  type EditableTitleProps,
} from './editable-title.tsx';
export {
  isPortfolioEmpty,
  PortfolioCard,
  type PortfolioCardLabels,
  type PortfolioCardProps,
} from './portfolio-card.tsx';
export { LANGUAGE_NAMES, LanguageSelect, type LanguageSelectProps } from './language-select.tsx';
export { UserMenu, type UserMenuProps } from './user-menu.tsx';
export {
  ActionMenu,
  type ActionMenuItem,
  type ActionMenuOption,
  type ActionMenuProps,
} from './action-menu.tsx';
export { AppShell, type AppShellNavItem, type AppShellProps } from './app-shell.tsx';
export { StepIndicator, type StepIndicatorProps } from './step-indicator.tsx';
export {
  ProjectStatusBadge,
  projectStatusBadgeVariants,
  type ProjectStatusBadgeProps,
} from './project-status-badge.tsx';
export { PipelineSteps, type PipelineStepsProps } from './pipeline-steps.tsx';
export {
  StatusHistory,
  type StatusHistoryEvent,
  type StatusHistoryProps,
} from './status-history.tsx';
export {
  EstimateResults,
  type EstimateResultsLabels,
  type EstimateResultsProps,
} from './estimate-results.tsx';
export { Stat, StatGroup, type StatProps } from './stat.tsx';
export {
  CashFlowChart,
  type CashFlowChartLabels,
  type CashFlowChartProps,
} from './cash-flow-chart.tsx';
export {
  LifetimeFigures,
  type LifetimeFiguresLabels,
  type LifetimeFiguresProps,
} from './lifetime-figures.tsx';
