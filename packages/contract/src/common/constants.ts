/** Constants of spec s.9 and DESIGN.md s.4. Both the SPA and the API import them. */

export const SUPER_ADMIN_ROLE_ID = 1;
/** The super-admin module ({product}) has id 5 (spec s.6). */
export const SUPER_ADMIN_MODULE_ID = 5;
export const CLIENT_TYPES = ['demo', 'live', 'both'] as const;

/**
 * What a device runs on (DESIGN s.4b). Here rather than beside the user-request schemas: the
 * SPA's entry reads it (the tones screens' platform labels), and a module the entry imports
 * runs, schemas and all, with every signed-in screen's start-up.
 */
export const PLATFORMS = ['android', 'ios', 'web', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

/** Delays in milliseconds (spec s.9). */
export const DELAYS = {
  afterLoginBeforeOtp: 3000,
  afterOtpSuccess: 3000,
  otpFormSpinner: 2000,
  tokenExpiryRedirect: 4000,
  chunkLoadTimeout: 120_000,
} as const;

export const INACTIVITY_TIMEOUT_MS = 600_000;

export const TOAST_DEFAULTS = {
  type: 'info',
  position: 'top-right',
  duration: 5000,
  fadeOutMs: 300,
} as const;
export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'loading'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const ALERT_CLOSE_MS = 300;

export const ROW_LIMITS = [10, 25, 50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const COMPANY_DROPDOWN_LIMIT = 1000;
export const EXPORT_FORMATS = ['csv', 'excel', 'pdf'] as const;

export const DEFAULT_COLORS = {
  primaryColor: '#143f6f',
  secondaryColor: '#0d97fd',
} as const;

export const COOKIE_NAMES = {
  csrf: 'XSRF-TOKEN',
  sessionId: 'x-session-id',
  userDetails: 'userDetails',
} as const;

/** Header names the SPA sends; the spec leaves the CSRF header name open. */
export const HEADER_NAMES = {
  csrf: 'x-xsrf-token',
  sessionId: 'x-session-id',
} as const;

/** Keys of the browser's localStorage (spec s.3 "Stored browser items"). */
export const STORAGE_KEYS = {
  email: 'email',
  rememberMe: 'rememberMe',
  recentPath: 'recentPath',
  menuName: 'menuName',
  otpVerified: 'otpVerified',
  otpPending: 'otpPending',
  darkMode: 'darkMode',
} as const;

export const IMAGE_PATHS = {
  menus: '/images/menus/',
  selectedMenuPrefix: 'selected-',
  modules: '/images/',
} as const;

export const TIMESTAMP_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Security defaults of DESIGN.md s.4; the API lets the environment override each one. */
export const SECURITY_DEFAULTS = {
  lockoutThreshold: 10,
  lockoutMinutes: 15,
  idleTimeoutMs: INACTIVITY_TIMEOUT_MS,
  absoluteSessionHours: 12,
  rememberSessionDays: 30,
  rememberIdleDays: 7,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  resetTokenTtlMinutes: 60,
  loginRateLimitPerMinute: 20,
  otpRateLimitPerMinute: 20,
  passwordResetRateLimitPerMinute: 5,
} as const;

/**
 * Largest image accepted per use, in pixels (width x height, all frames of an animation counted),
 * checked from the file header before anything is decoded. Avatars and logos are shown at 256 px
 * at most: 16 Mpx (4096 x 4096) still takes a 12 Mpx phone photo, and bounds one decode to about
 * 64 MB of memory and a fraction of a second of CPU. Media (demo/campaign images) get 40 Mpx.
 */
export const IMAGE_PIXEL_LIMITS = {
  avatar: 4096 * 4096,
  logo: 4096 * 4096,
  media: 40_000_000,
} as const;
export type ImageUse = keyof typeof IMAGE_PIXEL_LIMITS;

/** Largest demo/campaign media file (DESIGN s.4b); the API lets MEDIA_MAX_BYTES override it. */
export const MEDIA_MAX_BYTES = 100 * 1024 * 1024;
