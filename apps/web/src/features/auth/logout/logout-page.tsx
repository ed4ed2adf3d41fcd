import { STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { toast } from '../../../components/ui/toast';
import { clearLocalSession } from '../../../lib/auth/sign-out';
import { queryClient } from '../../../lib/query-client';
import { storage } from '../../../lib/storage';
import { logoutRequest } from '../api/session';

/** /logout (spec s.4): logout call, forget menuName and every cookie, back to / with a toast. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // strict-mode double effects must not log out twice
    started.current = true;
    document.title = 'Signing out';
    void (async () => {
      await logoutRequest();
      storage.remove(STORAGE_KEYS.menuName);
      clearLocalSession();
      queryClient.clear();
      toast.success(UI_TEXT.loggedOutBody, { title: UI_TEXT.loggedOutTitle });
      await navigate('/', { replace: true });
    })();
  }, [navigate]);

  return <LoadingOverlay label="Signing out…" />;
}
