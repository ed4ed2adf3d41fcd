import { CONFIRM_TEXT } from '@console/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { prepareSignOut } from '../../lib/auth/sign-out';
import { showAlert } from '../ui/alert-dialog';

/** Sign Out: confirm, reset colours and otpVerified, then /logout does the rest (spec s.4). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await showAlert({
      icon: 'warning',
      title: CONFIRM_TEXT.logoutTitle,
      text: CONFIRM_TEXT.logoutBody,
      showCancelButton: true,
      confirmButtonText: CONFIRM_TEXT.logoutConfirm,
      cancelButtonText: CONFIRM_TEXT.cancel,
    });
    if (!result.isConfirmed) return;
    prepareSignOut();
    await navigate('/logout', { replace: true });
  }, [navigate]);
}
