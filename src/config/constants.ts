/**
 * Business constants and limits of the product specification, section 9, by name.
 * Every other module reads them from here so a figure has exactly one home.
 */

export const LOCALE = 'fr-FR';
export const CURRENCY = 'EUR';
export const DATE_FORMAT = 'dd/MM/yyyy';

/** The accounting customer code counter starts here ("00001"). */
export const CUSTOMER_CODE_COUNTER_START = '00001';

/** Client logs are forwarded to the server only at this level or above. */
export const CLIENT_LOG_MIN_LEVEL = 5;
export const LOG_MESSAGE_MAX_LENGTH = 1024;
export const LOG_LABELS_MAX_LENGTH = 4096;
export const LOG_STACK_TRACE_MAX_LENGTH = 16384;
/** navigator.sendBeacon refuses bodies over the user agent's quota (64 KiB in Chromium). */
export const BEACON_MAX_BYTES = 64 * 1024;

export const MONITORING_SAMPLE_RATE = 1;

/** A token older than this (seconds since `iat`) is renewed. */
export const TOKEN_RENEWAL_THRESHOLD_S = 75610;
export const TOKEN_RENEWAL_TICK_MS = 2000;
export const TOKEN_VALIDITY_CHECK_MS = 75_610_000;

export const LOGIN_REDIRECT_DELAY_MS = 5000;

export const NOTIFICATIONS_PAGE_SIZE = 5;
export const NOTIFICATIONS_RELATIVE_TIME_REFRESH_MS = 10_000;
export const NOTIFICATIONS_POPOVER_MAX_HEIGHT = '70vh';
/**
 * How long after the page's load the notification centre's code is fetched unasked: once the
 * screen's own code and data have come (issue 27: fetched at the first idle moment, it shared a
 * phone's link with them and ended before the screen's largest paint).
 */
export const NOTIFICATIONS_POPOVER_PREFETCH_AFTER_LOAD_MS = 5_000;
/** Defaults of GET /v2/notifications when the caller gives no limit/offset. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 10;
export const NOTIFICATIONS_DEFAULT_OFFSET = 0;

export const TOAST_DEFAULT_DURATION_MS = 10_000;
export const TOAST_EXIT_ANIMATION_MS = 300;
export const TOAST_MAX_WIDTH = '66vw';

export const MODAL_DEFAULT_WIDTH = 720;
export const MODAL_NARROW_WIDTH = 620;
export const MODAL_TALL_PADDING = 60;
/** Content taller than this share of the window gets the tall padding. */
export const MODAL_TALL_CONTENT_RATIO = 0.9;

export const NAV_BAR_HEIGHT = 54;
export const BREAKPOINT_SMALL = 768;
export const BREAKPOINT_MEDIUM = 992;
export const MENU_COLLAPSE_WIDTH = 1024;

export const ANALYTICS_OUTBOUND_CLICK_TIMEOUT_MS = 250;

export const ACCESS_TOKEN_COOKIE = 'appAccessToken';
export const SCOPE_SITE_MANAGEMENT = 'gestion-de-chantier';
