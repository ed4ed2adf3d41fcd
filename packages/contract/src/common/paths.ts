/** API paths (spec s.7), relative to the API base (default /api). */
export const API_PATHS = {
  health: '/health',
  appConfig: '/app-config',
  auth: {
    login: '/auth/login',
    requestPassword: '/auth/request-password',
    resetPassword: '/auth/reset-password',
    resetPasswordCheck: '/auth/reset-password/check',
    csrfToken: '/auth/csrf-token',
    getToken: (id: string) => `/auth/get-token/${encodeURIComponent(id)}`,
    otpVerification: '/auth/otp/verification',
    otpResend: '/auth/otp/resend',
    logout: '/auth/logout',
    heartbeat: '/auth/heartbeat',
    userActivityAdd: '/auth/user-activity/add',
    userSessionsAdd: '/auth/user-sessions/add',
  },
  userActivity: '/user-activity',
  userSessions: '/user-sessions',
  endUserSession: (id: string) => `/user-sessions/${encodeURIComponent(id)}/end`,
  modules: '/modules',
  menus: (module: string) => `/menus/1?module=${encodeURIComponent(module)}`,
  menusBySlug: (slug: string) => `/menus/list/${encodeURIComponent(slug)}`,
  rolePermissions: (roleId: number) => `/role-permissions/${roleId}`,
} as const;

/** Public SPA routes of spec s.2. */
export const PUBLIC_ROUTES = {
  root: '/',
  login: '/login',
  logout: '/logout',
  tokenExpiry: '/token-expiry',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  otp: (token: string) => `/otp/${token}`,
  internetConnection: '/internet-connection',
} as const;

/**
 * The pathnames of the public screens and the docs (no session needed), as a pattern's source:
 * index.html's signed-in preload and the server's choice of page read it.
 */
export const PUBLIC_PATH_PATTERN = `^(?:${Object.values(PUBLIC_ROUTES)
  .map((route) => (typeof route === 'function' ? route('x').replace(/\/x$/, '') : route))
  .filter((route) => route !== '/')
  .concat('/docs')
  .map((route) => route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|')})(?:/|$)`;

/** The web build's page for signed-in screens, which the server sends them (scripts after the first paint). */
export const SIGNED_IN_PAGE_FILE = 'signed-in.html';
