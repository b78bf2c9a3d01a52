/**
 * bo-elements: the React components, stores and helpers, without side effects.
 * Pages that want the custom elements load `bo-elements/define` instead.
 */
export type { ApiError, UnexpectedAnswerError } from './api/errors';
export { type BoConfig, type BoConfigInput, CONFIG_ELEMENT_ID, getConfig, setConfig } from './config/config';
export * as constants from './config/constants';
export { type ElementDoc, elementCatalog } from './elements/catalog';
export type { ElementDefinition } from './elements/definitions';
export type { BoShellElement } from './elements/tags';
export { formatCents, formatDate, formatRelative, parseFrenchDate } from './i18n/format';
export { serverErrorMessage, serverErrorMessages } from './i18n/serverErrors';
export { shellMessages } from './i18n/shellMessages';
export { validationMessages } from './i18n/validationMessages';
export { frenchErrorMap } from './i18n/zodErrors';
export { trackOutboundClick } from './integrations/analytics';
export { LogLevel } from './logging/levels';
export { logger } from './logging/logger';
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
