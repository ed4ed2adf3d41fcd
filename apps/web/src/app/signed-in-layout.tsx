import { QueryClientProvider } from '@tanstack/react-query';
import { useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { InactivityDialog } from '../components/shell';
import { UnsavedChangesBlocker } from '../components/ui/unsaved-changes';
import { logActivity } from '../lib/activity-logger';
import { getAppConfig } from '../lib/app-config';
import { sendHeartbeat } from '../lib/auth/heartbeat';
import { isRememberedSession, useSession } from '../lib/auth/session';
import { prepareSignOut } from '../lib/auth/sign-out';
import { warningWindowMs, useInactivity } from '../lib/inactivity';
import { usePermissions } from '../lib/permissions';
import { queryClient } from '../lib/query-client';
import { useChangeEffect } from '../lib/use-change-effect';

/**
 * Everything signed-in routes share: permissions fetched on load, a page-view record per route
 * change, heartbeats while the user is active, and the inactivity warning and sign-out.
 */
export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInArea />
    </QueryClientProvider>
  );
}

function SignedInArea() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const { inactivityTimeoutMs } = getAppConfig();
  usePermissions();

  // Children's effects run first, so the shell has stored this route's menu name already.
  // One page view per path: query-string changes (search, sort, page) are not new pages. A
  // navigation commits as a transition, hence useChangeEffect (lib/use-change-effect.ts).
  const searchRef = useRef(search);
  searchRef.current = search;
  useChangeEffect(() => {
    logActivity({ path: pathname, search: searchRef.current });
  }, [pathname]);

  const signOut = () => {
    prepareSignOut();
    void navigate('/logout', { replace: true });
  };

  const inactivity = useInactivity({
    timeoutMs: inactivityTimeoutMs,
    enabled: Boolean(session),
    // "Keep me logged in" sessions are not ended by inactivity (DESIGN.md s.4).
    signOutEnabled: !isRememberedSession(),
    onTimeout: signOut,
    onHeartbeat: sendHeartbeat,
  });

  return (
    <>
      <Outlet />
      <UnsavedChangesBlocker />
      <InactivityDialog
        opened={inactivity.warning}
        remainingMs={inactivity.remainingMs}
        windowMs={warningWindowMs(inactivityTimeoutMs)}
        onStay={inactivity.stay}
        onSignOut={signOut}
      />
    </>
  );
}
