import { useLocation } from 'react-router';
import { getAppConfig } from './app-config';
import { type ScreenHeading, screenHeading } from './screen-headings';

/** The standard heading of the screen at the current address (lib/screen-headings.ts), if it has one. */
export function useScreenHeading(): ScreenHeading | undefined {
  const { pathname } = useLocation();
  return screenHeading(pathname, getAppConfig().productSlug);
}
