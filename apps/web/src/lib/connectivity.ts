import { PUBLIC_ROUTES, STORAGE_KEYS } from '@console/contract';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { storage } from './storage';

export type ConnectivityStep = { navigate: string; remember?: string; forget?: boolean } | null;

/**
 * Spec s.4: going offline saves the current path as recentPath and shows /internet-connection;
 * coming back online returns to recentPath, or /home if none. Pure for unit tests.
 */
export function connectivityStep(event: 'offline' | 'online', currentPath: string, recentPath: string | null): ConnectivityStep {
  const offlinePage = PUBLIC_ROUTES.internetConnection;
  if (event === 'offline') {
    if (currentPath.startsWith(offlinePage)) return null;
    return { navigate: offlinePage, remember: currentPath };
  }
  if (!currentPath.startsWith(offlinePage)) return null;
  return { navigate: recentPath || '/home', forget: true };
}

/** Follows the browser's online/offline events for the whole app (mounted once in the root layout). */
export function useConnectivityRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef('');
  current.current = location.pathname + location.search;

  useEffect(() => {
    const apply = (event: 'offline' | 'online') => {
      const step = connectivityStep(event, current.current, storage.get(STORAGE_KEYS.recentPath));
      if (!step) return;
      if (step.remember) storage.set(STORAGE_KEYS.recentPath, step.remember);
      if (step.forget) storage.remove(STORAGE_KEYS.recentPath);
      void navigate(step.navigate, { replace: event === 'online' });
    };
    const onOffline = () => apply('offline');
    const onOnline = () => apply('online');
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    if (!navigator.onLine) onOffline();
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [navigate]);
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);
