import { DELAYS, ERROR_MESSAGES, loginRequestSchema, PUBLIC_ROUTES, STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { Anchor, Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconKey, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { storage } from '../../../lib/storage';
import { passkeyCancelled, passkeysSupported, signWithPasskey } from '../../../lib/webauthn';
import { loginRequest } from '../api/login';
import { passkeySignIn, passkeySignInOptions } from '../api/second-step';
import { completeSignIn, rememberSignIn } from '../api/session';
import { AuthPasswordInput, EmailInput } from '../components/auth-fields';
import { AuthLayout } from '../components/auth-layout';
import { useDelay } from '../components/delay';
import { useZodForm } from '../components/use-zod-form';

type Values = { email: string; password: string; rememberMe: boolean };

/** / and /login: sign-in (spec s.2, s.4, s.5, s.8). */
export default function LoginPage() {
  const navigate = useNavigate();
  const delay = useDelay();
  const [busy, setBusy] = useState(false);
  const remembered = storage.get(STORAGE_KEYS.rememberMe) === 'true';

  const form = useZodForm<Values>(loginRequestSchema, {
    email: remembered ? (storage.get(STORAGE_KEYS.email) ?? '') : '',
    password: '',
    rememberMe: remembered,
  });

  useEffect(() => {
    document.title = `Sign in`;
    storage.remove('password'); // never kept in the browser (DESIGN.md s.6)
  }, []);

  // The page is there to type into: the caret starts in the first empty field (the password when
  // the e-mail is remembered), unless the user is already somewhere, or on a touch screen, where
  // a keyboard popping up would cover the form.
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (window.matchMedia?.('(pointer: coarse)').matches) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    (emailRef.current?.value ? passwordRef.current : emailRef.current)?.focus();
  }, []);

  const submit = async (values: Values) => {
    setBusy(true);
    const loadingId = toast.loading(UI_TEXT.processing);
    try {
      const email = values.email.trim();
      const response = await loginRequest({ email, password: values.password, rememberMe: values.rememberMe });
      toast.dismiss(loadingId);
      if (!response.responseType || !response.data) {
        toast.error(response.message || ERROR_MESSAGES.generic);
        setBusy(false);
        return;
      }
      rememberSignIn(email, values.rememberMe);
      const data = response.data;
      if (response.loginType === 'otp') {
        // Two-step sign-in: the response token is the one-time challenge for /otp/{token}.
        storage.set(STORAGE_KEYS.otpPending, 'true');
        storage.remove(STORAGE_KEYS.otpVerified);
        toast.info(response.message);
        delay(DELAYS.afterLoginBeforeOtp, () => void navigate(PUBLIC_ROUTES.otp(data.accessToken)));
        return;
      }
      await completeSignIn(data, values.rememberMe);
      toast.success(response.message);
      await navigate('/home', { replace: true });
    } catch {
      toast.dismiss(loadingId);
      toast.error(ERROR_MESSAGES.login);
      setBusy(false);
    }
  };

  /** A passkey as the whole sign-in (users who chose so on their profile); the browser offers its passkeys. */
  const signInWithPasskey = async () => {
    setBusy(true);
    const rememberMe = form.values.rememberMe;
    try {
      const { challengeId, options } = await passkeySignInOptions();
      const response = await passkeySignIn(challengeId, await signWithPasskey(options), rememberMe);
      if (!response.responseType || !response.data) {
        toast.error(response.message || ERROR_MESSAGES.generic);
        setBusy(false);
        return;
      }
      rememberSignIn(response.data.user.email, rememberMe);
      await completeSignIn(response.data, rememberMe);
      toast.success(response.message);
      await navigate('/home', { replace: true });
    } catch (cause) {
      if (!passkeyCancelled(cause)) toast.error(ERROR_MESSAGES.login);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Use your staff account to continue.">
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label="Sign in">
        <Stack gap="md">
          <EmailInput {...form.text('email')} ref={emailRef} autoComplete="username" />
          <AuthPasswordInput
            {...form.text('password')}
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            ref={passwordRef}
            leftSection={<IconLock size={16} stroke={1.7} aria-hidden />}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox {...form.checkbox('rememberMe')} label={UI_TEXT.keepMeLoggedIn} />
            <Anchor component={Link} to={PUBLIC_ROUTES.forgotPassword} size="sm" fw={500}>
              {UI_TEXT.forgotPassword}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={busy} mt="xs">
            {UI_TEXT.signIn}
          </Button>
          {passkeysSupported() ? (
            <Button
              variant="default"
              size="md"
              fullWidth
              disabled={busy}
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => void signInWithPasskey()}
            >
              Sign in with a passkey
            </Button>
          ) : null}
        </Stack>
      </form>
    </AuthLayout>
  );
}
