import {
  type ChallengeFactors,
  DELAYS,
  ERROR_MESSAGES,
  type LoginResponse,
  maskEmail,
  PUBLIC_ROUTES,
  STORAGE_KEYS,
  UI_TEXT,
} from '@console/contract';
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Navigate, useBlocker, useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { hasSession } from '../../../lib/auth/session';
import { modulesQuery } from '../../../lib/modules';
import { queryClient } from '../../../lib/query-client';
import { storage } from '../../../lib/storage';
import { checkOtpToken, resendOtp, verifyOtp } from '../api/otp';
import { completeSignIn } from '../api/session';
import { AuthLayout } from '../components/auth-layout';
import { useDelay } from '../components/delay';
import { FactorStep } from './factor-step';
import { OtpBoxes } from './otp-boxes';
import { emptyOtp, otpError } from './otp-boxes.logic';
import { OtpExpired } from './otp-expired';

type Phase = 'checking' | 'form' | 'expired';
const RESEND_COOLDOWN_MS = 30_000;

/** /otp/{token}: second sign-in step (spec s.2, s.4, s.5). */
export default function OtpPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const delay = useDelay();
  const errorId = useId();
  // Decided once on arrival: after a successful check this screen sets the flag itself and waits 3 s.
  const [alreadyVerified] = useState(() => storage.get(STORAGE_KEYS.otpVerified) === 'true' && hasSession());
  const [phase, setPhase] = useState<Phase>('checking');
  const [email, setEmail] = useState('');
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resendBlocked, setResendBlocked] = useState(false);
  // A user with an authenticator app or a passkey starts there; the e-mailed code is sent on request.
  const [factors, setFactors] = useState<ChallengeFactors | null>(null);
  const [mode, setMode] = useState<'email' | 'factor'>('email');

  // Spec s.2: the browser's back button does nothing on this screen.
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  // Check the challenge and hold the 2 s spinner, both before showing the form.
  useEffect(() => {
    if (alreadyVerified) return;
    document.title = 'Two-step verification';
    const controller = new AbortController();
    const spinner = new Promise((resolve) => setTimeout(resolve, DELAYS.otpFormSpinner));
    void Promise.all([checkOtpToken(token, controller.signal), spinner]).then(([check]) => {
      if (controller.signal.aborted) return;
      if (check?.verify) {
        setEmail(check.email);
        const other = check.factors && (check.factors.totp || check.factors.passkey) ? check.factors : null;
        setFactors(other);
        if (other && !other.emailSent) setMode('factor');
        setPhase('form');
      } else {
        storage.remove(STORAGE_KEYS.otpPending);
        setPhase('expired');
      }
    });
    return () => controller.abort();
  }, [token, alreadyVerified]);

  if (alreadyVerified) return <Navigate to="/home" replace />;

  const change = (next: string[]) => {
    setDigits(next);
    if (error) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = otpError(digits);
    if (invalid) {
      console.warn(invalid);
      setError(invalid);
      return;
    }
    setBusy(true);
    try {
      const response = await verifyOtp(digits, token);
      if (!(await finish(response))) {
        console.warn('OTP verification failed:', response.message);
        setError(response.message);
        setDigits(emptyOtp());
        setBusy(false);
      }
    } catch (cause) {
      console.error(ERROR_MESSAGES.otp, cause);
      setError(ERROR_MESSAGES.otp);
      setBusy(false);
    }
  };

  /** A right answer of any factor: the session, then /home after the spec's pause; false for a wrong one. */
  const finish = async (response: LoginResponse) => {
    if (!response.responseType || !response.data) return false;
    storage.remove(STORAGE_KEYS.otpPending);
    const persistent = response.data.rememberMe ?? storage.get(STORAGE_KEYS.rememberMe) === 'true';
    await completeSignIn(response.data, persistent);
    storage.set(STORAGE_KEYS.otpVerified, 'true');
    void queryClient.prefetchQuery(modulesQuery());
    setVerified(true);
    toast.success(response.message);
    delay(DELAYS.afterOtpSuccess, () => void navigate('/home', { replace: true }));
    return true;
  };

  /** "E-mail me a code": the first send of the fallback, then the spec's form. */
  const switchToEmail = async () => {
    await resend();
    setMode('email');
  };

  const resend = async () => {
    setResendBlocked(true);
    setTimeout(() => setResendBlocked(false), RESEND_COOLDOWN_MS);
    try {
      const result = await resendOtp(token);
      if (result.success) toast.info(result.message);
      else toast.error(result.message);
    } catch {
      toast.error(ERROR_MESSAGES.generic);
    }
  };

  if (phase === 'expired') {
    return (
      <AuthLayout title="Verification link expired">
        <OtpExpired />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Two-step verification"
      subtitle={
        phase === 'form' && mode === 'email' ? (
          <>
            Enter the 6-digit code we sent to <strong>{maskEmail(email)}</strong>.
          </>
        ) : undefined
      }
    >
      {phase === 'checking' ? (
        <Center py="xl" role="status" aria-label="Checking your verification link">
          <Loader size="lg" aria-hidden />
        </Center>
      ) : mode === 'factor' && factors ? (
        <FactorStep
          token={token}
          factors={factors}
          onAnswer={finish}
          onUseEmail={() => void switchToEmail()}
          onBack={() => void navigate(PUBLIC_ROUTES.login, { replace: true })}
          done={verified}
        />
      ) : (
        <form noValidate onSubmit={submit} aria-label="Two-step verification">
          <Stack gap="md">
            <OtpBoxes
              digits={digits}
              onChange={change}
              invalid={Boolean(error)}
              disabled={busy || verified}
              describedBy={error ? errorId : undefined}
            />
            <Text id={errorId} c="var(--mantine-color-error)" size="sm" ta="center" role="alert" mih={20}>
              {error ?? ''}
            </Text>
            <Button type="submit" size="md" fullWidth loading={busy}>
              {UI_TEXT.validate}
            </Button>
            <Button variant="default" size="md" fullWidth onClick={() => void navigate(PUBLIC_ROUTES.login, { replace: true })}>
              {UI_TEXT.backToLoginOtp}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              Didn&apos;t get the code?{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                onClick={() => void resend()}
                disabled={resendBlocked || verified}
              >
                Resend code
              </Anchor>
            </Text>
            {factors ? (
              <Anchor component="button" type="button" size="sm" fw={500} ta="center" onClick={() => setMode('factor')} disabled={verified}>
                Use your authenticator app or passkey instead
              </Anchor>
            ) : null}
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
