import { useRouteError } from 'react-router';
import { ErrorFallback, messageOf } from '../components/ui/error-fallback';

/**
 * Route-level error element (a lazy screen that failed to load, a crashing loader). 'Try Again'
 * reloads the page: a failed chunk import is cached by the browser's module map, so only a
 * fresh document can retry it.
 */
export function RouteError() {
  const error = useRouteError();
  return <ErrorFallback fullPage message={messageOf(error)} onRetry={() => window.location.reload()} />;
}
