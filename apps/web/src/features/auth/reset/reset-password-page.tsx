import { ERROR_MESSAGES, PUBLIC_ROUTES, resetPasswordFormSchema, SERVER_MESSAGES, UI_TEXT } from '@console/contract';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { checkResetToken, resetPassword } from '../api/password';
import { AuthLayout } from '../components/auth-layout';
import { useZodForm } from '../components/use-zod-form';
import { AuthForm, AuthPasswordInput } from '../components/auth-fields';
import { BackToLoginLink } from '../components/back-to-login-link';

type Values = { password: string; confirmPassword: string };
type LinkState = 'checking' | 'usable' | 'dead';

/** /reset-password?token=… : new password twice; goes to / afterwards whatever the outcome (spec s.8). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useZodForm<Values>(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const [link, setLink] = useState<LinkState>(token ? 'checking' : 'dead');

  useEffect(() => {
    document.title = 'Reset password';
  }, []);

  // Like the OTP page: a dead link is said at once, not after the user has typed a password twice.
  useEffect(() => {
    if (!token) return setLink('dead');
    const controller = new AbortController();
    setLink('checking');
    void checkResetToken(token, controller.signal).then((valid) => {
      if (!controller.signal.aborted) setLink(valid === false ? 'dead' : 'usable');
    });
    return () => controller.abort();
  }, [token]);

  if (link !== 'usable') {
    return (
      <AuthLayout title="Reset your password" subtitle={link === 'checking' ? 'Checking your reset link…' : undefined}>
        {link === 'checking' ? (
          <Center py="lg">
            <Loader aria-label="Checking your reset link" />
          </Center>
        ) : (
          <Stack gap="md">
            <Alert color="orange" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {SERVER_MESSAGES.resetInvalid}
            </Alert>
            <Button component={Link} to={PUBLIC_ROUTES.forgotPassword} size="md" fullWidth>
              Request a new link
            </Button>
            <BackToLoginLink />
          </Stack>
        )}
      </AuthLayout>
    );
  }

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const result = await resetPassword({ resetToken: token, newPassword: values.password });
      if (result.success) toast.success(result.message);
      else {
        console.error(ERROR_MESSAGES.resetPassword, result.message);
        toast.error(result.message);
      }
    } catch (error) {
      console.error(ERROR_MESSAGES.resetPassword, error);
      toast.error(ERROR_MESSAGES.resetPassword);
    }
    await navigate(PUBLIC_ROUTES.root, { replace: true });
  };

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password of at least 6 characters.">
      <AuthForm onSubmit={form.onSubmit(submit)} busy={busy} submitLabel={UI_TEXT.resetPassword}>
        <AuthPasswordInput {...form.text('password')} label="Password" autoComplete="new-password" />
        <AuthPasswordInput {...form.text('confirmPassword')} label="Confirm Password" autoComplete="new-password" />
      </AuthForm>
    </AuthLayout>
  );
}
