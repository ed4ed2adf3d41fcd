/** Every user-visible text of spec s.5 and s.8, in one place. */

export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters long',
  passwordMax: 'Password must be at most 128 characters long',
  passwordCommon: 'This password is too common. Please choose another one',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  otpLength: 'Please enter a 6-digit code',
  // Refused in every field of every request (the database cannot store them).
  nulCharacter: 'Must not contain the NUL character (U+0000)',
  invalidCharacter: 'Contains an invalid character (a lone UTF-16 surrogate)',
  nulInFieldName: 'A field name contains the NUL character (U+0000) or an invalid character',
  nestedTooDeep: 'Nested too deeply',
} as const;

export const ERROR_MESSAGES = {
  generic: 'Something Went Wrong!',
  login: 'An error occurred during login',
  forgotPassword: 'An error occurred while processing your request',
  resetPassword: 'An error occurred while resetting your password',
  otp: 'An error occurred during OTP verification',
  boundaryPrefix: 'Something went wrong:',
  tokenExpired: 'The token has expired. Please log in again to continue using the website.',
  loadPosts: 'Failed to load posts',
  addUser: 'Error adding user',
  regenerateKey: 'Failed to regenerate API key',
  exportCsv: 'Error exporting CSV',
  location: 'Failed to get location',
  superAdminDashboard: 'Failed to fetch super admin dashboard data',
  demoDashboard: 'Failed to fetch demo dashboard data',
  toneDashboard: 'Failed to fetch tone dashboard data',
} as const;

export const UI_TEXT = {
  processing: 'Processing...',
  submitting: 'Submitting...',
  tryAgain: 'Try Again',
  keepMeLoggedIn: 'Keep me logged in',
  forgotPassword: 'Forgot password?',
  signIn: 'Sign in',
  sendMail: 'Send Mail',
  backToLogin: 'Back to Login',
  backToLoginOtp: 'Back to login',
  resetPassword: 'Reset Password',
  validate: 'Validate',
  open: 'Open',
  backToHome: 'Back To Home',
  profile: 'Profile',
  signOut: 'Sign Out',
  dropFiles: 'Drag and drop your files here or click to browse',
  defaultFileNote: 'Upload image file',
  noInternetTitle: 'No Internet Connection',
  noInternetAdvice: 'Try checking the network cables, modem and router, or reconnecting to Wi-Fi.',
  contactAdminTitle: 'Please contact Admin',
  noAccessBody: "You don't have access to any page.",
  loggedOutTitle: 'Logged Out',
  loggedOutBody: 'You have been successfully logged out.',
  accessDeniedTitle: 'Access Denied',
  inactivityTitle: 'Are you still there?',
  inactivityBody: 'You will be signed out soon because of inactivity.',
  staySignedIn: 'Stay signed in',
  serviceUnavailable: 'The service is unavailable, retrying…',
} as const;

export const accessDeniedMessage = (moduleName: string) =>
  `You don't have permission to access any menus under the ${moduleName} module. Please contact Admin.`;

export const CONFIRM_TEXT = {
  deleteTitle: 'Are you sure?',
  deleteBody: "You won't be able to revert this!",
  deleteConfirm: 'Yes, delete it!',
  logoutTitle: 'Confirm Logout',
  logoutBody: 'Are you sure you want to log out?',
  logoutConfirm: 'Yes, log out',
  cancel: 'Cancel',
} as const;

/** Why an upload was refused (the API answers them; the SPA may check the same limits first). */
export const UPLOAD_MESSAGES = {
  tooManyPixels: (limitPixels: number, width?: number, height?: number) =>
    `The image is too large${width && height ? ` (${width} x ${height} pixels)` : ''}; the limit is ${+(limitPixels / 1e6).toFixed(1)} megapixels. Please upload a smaller image.`,
  unreadable: 'The image could not be read.',
  undecodable: 'The image could not be decoded.',
} as const;

/** Messages the API answers with. */
export const SERVER_MESSAGES = {
  loginSuccess: 'Login successful',
  otpSent: 'A verification code has been sent to your e-mail address',
  otpVerified: 'Verification successful',
  otpInvalid: 'Invalid or expired verification code',
  otpExpired: 'This verification link has expired. Please sign in again',
  invalidCredentials: 'Invalid email or password',
  resetRequested: 'If an account exists for this e-mail address, a password reset link has been sent',
  resetDone: 'Your password has been reset. Please sign in with your new password',
  resetInvalid: 'This password reset link is invalid or has expired',
  loggedOut: 'You have been successfully logged out.',
  unauthenticated: 'Your session has expired. Please sign in again',
  forbidden: 'You do not have permission to perform this action',
  csrf: 'Invalid or missing CSRF token',
  notFound: 'Not found',
  validation: 'Please check the highlighted fields',
  rateLimited: 'Too many requests. Please try again later',
  activityRecorded: 'Activity recorded',
  sessionRecorded: 'Session recorded',
  sessionEnded: 'Session ended',
  internal: 'Something Went Wrong!',
  // 503 while the database is unreachable or full (the SPA shows its own notice and retries reads).
  unavailable: 'The service is temporarily unavailable. Please try again in a moment',
  storageFull: 'The server is out of storage space, so nothing was saved. Please try again later',
} as const;
