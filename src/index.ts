/**
 * bo-elements: the React components, stores and helpers, without side effects.
 * Pages that want the custom elements load `bo-elements/define` instead.
 */

export {
  type Customer,
  type CustomerInput,
  type CustomerPage,
  type CustomerQuery,
  type CustomerSettings,
  createCustomer,
  deleteCustomer,
  editCustomer,
  getCustomer,
  getCustomerSettings,
  listCustomers,
} from './api/customers';
export type { ApiError, UnexpectedAnswerError } from './api/errors';
export {
  fetchNotifications,
  markNotificationRead,
  type Notification,
  type NotificationPage,
} from './api/notifications';
export {
  createUser,
  editUser,
  getUser,
  grantAdmin,
  listUsers,
  lockUser,
  type NewUser,
  revokeAdmin,
  type User,
  type UserChanges,
  unlockUser,
} from './api/users';
export { type BoConfig, type BoConfigInput, CONFIG_ELEMENT_ID, getConfig, setConfig } from './config/config';
export * as constants from './config/constants';
export { type ElementDoc, elementCatalog } from './elements/catalog';
export type { ElementDefinition } from './elements/definitions';
export type {
  BoCustomerSheetElement,
  BoInvoiceEditorElement,
  BoMeasureGroupElement,
  BoMeasureGroupsElement,
  BoNavBarElement,
  BoNotificationBellElement,
  BoPriceLibraryElement,
  BoQuoteEditorElement,
  BoQuotesListElement,
  BoShellElement,
} from './elements/tags';
export {
  MeasureGroupElement,
  type MeasureGroupElementProps,
} from './features/applications/MeasureGroupElement';
export {
  MeasureGroupsElement,
  type MeasureGroupsElementProps,
} from './features/applications/MeasureGroupsElement';
export {
  CustomerSheetElement,
  type CustomerSheetElementProps,
} from './features/customers/CustomerSheetElement';
export {
  InvoiceEditorElement,
  type InvoiceEditorElementProps,
} from './features/invoices/InvoiceEditorElement';
export {
  PriceLibraryElement,
  type PriceLibraryElementProps,
} from './features/library/PriceLibraryElement';
export { activeTrail } from './features/nav-bar/activeEntry';
export {
  type MenuDivider,
  type MenuEntry,
  type MenuItem,
  topMenu,
  visibleMenu,
} from './features/nav-bar/menu';
export { $menuCollapsed, $menuHidden, isMenuHidden } from './features/nav-bar/menuVisibility';
export { NavBar } from './features/nav-bar/NavBar';
export { NotificationBell } from './features/notifications/NotificationBell';
export {
  $notifications,
  closeNotifications,
  type NotificationsState,
  openNotifications,
  readNotification,
  refreshNotifications,
  showMoreNotifications,
} from './features/notifications/notificationStore';
export {
  QuotesListElement,
  type QuotesListElementProps,
} from './features/quotes/list/QuotesListElement';
export {
  QuoteEditorElement,
  type QuoteEditorElementProps,
} from './features/quotes/QuoteEditorElement';
export { formatCents, formatDate, formatRelative, parseFrenchDate } from './i18n/format';
export { serverErrorMessage, serverErrorMessages } from './i18n/serverErrors';
export { shellMessages } from './i18n/shellMessages';
export { validationMessages } from './i18n/validationMessages';
export { frenchErrorMap } from './i18n/zodErrors';
export { trackOutboundClick } from './integrations/analytics';
export { LogLevel } from './logging/levels';
export { logger } from './logging/logger';
export { followLink, isInClientApp, type ResolvedLink, resolveLink } from './routes/links';
export { $here, type Here } from './routes/location';
export * as routePaths from './routes/paths';
export { $router } from './routes/router';
export { $session, type SessionState, type SessionStatus } from './session/session';
export { ErrorBoundary } from './ui/errors/ErrorBoundary';
export { lazyScreen } from './ui/errors/lazyScreen';
export { Modal, type ModalProps } from './ui/modal/Modal';
export { OfflineModal } from './ui/offline/OfflineModal';
export { $online } from './ui/offline/online';
export {
  PermissionGate,
  type PermissionGateProps,
  type RestrictedAction,
} from './ui/permission/PermissionGate';
export { SafeHtml, sanitizeHtml } from './ui/SafeHtml';
export { Spinner } from './ui/Spinner';
export { NotLoggedIn } from './ui/session/NotLoggedIn';
export { Redirecting } from './ui/session/Redirecting';
export { Shell } from './ui/shell/Shell';
export { Toasts } from './ui/toasts/Toasts';
export {
  $toasts,
  addToast,
  clearToasts,
  dismissToast,
  type Toast,
  type ToastOptions,
  type ToastType,
} from './ui/toasts/toastStore';
