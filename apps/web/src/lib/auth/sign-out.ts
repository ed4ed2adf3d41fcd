import { STORAGE_KEYS } from '@console/contract';
import { resetActivityLog } from '../activity-logger';
import { resetCsrfToken } from '../api-client';
import { forgetParkedStates } from '../offline-parking';
import { storage } from '../storage';
import { resetColors } from '../theme/colors-store';
import { clearAllCookies } from './cookies';
import { notifySessionChanged } from './session';

/** Spec s.4 "Logout": after the user confirms, colours reset and otpVerified goes, then /logout runs. */
export function prepareSignOut(): void {
  resetColors();
  storage.remove(STORAGE_KEYS.otpVerified);
}

/**
 * Forgets the session in this browser: every readable cookie (userDetails, XSRF-TOKEN,
 * x-session-id), the remembered CSRF token and two-step flags. Used by /logout and /token-expiry.
 */
export function clearLocalSession(): void {
  clearAllCookies();
  resetCsrfToken();
  resetActivityLog();
  forgetParkedStates();
  resetColors();
  storage.remove(STORAGE_KEYS.otpVerified);
  storage.remove(STORAGE_KEYS.otpPending);
  notifySessionChanged();
}
