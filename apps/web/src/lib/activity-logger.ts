import { API_PATHS, STORAGE_KEYS, type UserActivityAdd } from '@console/contract';
import { api } from './api-client';
import { storage } from './storage';
import { whenIdle } from './when-idle';

export type ActivityEvent = {
  path: string;
  search?: string;
  eventName?: string;
  description?: string;
  /** Defaults to the stored menu name (spec s.2 "screen name from the locally stored menu name"). */
  screenName?: string;
};

let lastPageView = '';

/** Body of POST /auth/user-activity/add for an event. */
function activityPayload(event: ActivityEvent): UserActivityAdd {
  const screenName = event.screenName ?? storage.get(STORAGE_KEYS.menuName) ?? '';
  const eventName = event.eventName ?? 'page-view';
  return {
    request: { path: event.path, search: event.search ?? '' },
    screenName,
    eventName,
    slug: event.path,
    description: event.description ?? (eventName === 'page-view' ? `Viewed ${screenName || event.path}` : eventName),
  };
}

/**
 * Sends a record once the browser is idle (within two seconds at most): a page view is recorded
 * as a screen mounts, among its own requests and renders, and on a phone's CPU the call's own
 * work (a fetch) landed in one of the screen's long tasks. What is sent is read at once.
 */
function sendWhenIdle(body: UserActivityAdd) {
  whenIdle(() => void api.post(API_PATHS.auth.userActivityAdd, body).catch(() => undefined), 2000);
}

/**
 * Records user activity. Fire and forget: never awaited by the UI, never retried, and a failure
 * is swallowed, so a broken endpoint cannot block a screen or loop. A page view is one per
 * route (path): lists keep their search, sort and page in the query string, and logging every
 * query-string change wrote a row per search keystroke. The query string of the first view of
 * a path is still recorded with it.
 */
export function logActivity(event: ActivityEvent): void {
  const eventName = event.eventName ?? 'page-view';
  if (eventName === 'page-view') {
    if (event.path === lastPageView) return;
    lastPageView = event.path;
  }
  sendWhenIdle(activityPayload(event));
}

/** Forget the last page view (after sign-out), so the next session logs its first page. */
export function resetActivityLog(): void {
  lastPageView = '';
}
