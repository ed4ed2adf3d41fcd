import { ERROR_MESSAGES, forgotPasswordRequestSchema, UI_TEXT } from '@console/contract';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { requestPasswordReset } from '../api/password';
import { AuthLayout } from '../components/auth-layout';
import { useZodForm } from '../components/use-zod-form';
import { AuthForm, EmailInput } from '../components/auth-fields';

/**
 * /forgot-password. The API answers the same for known and unknown e-mails, so the outcome
 * is shown as a neutral (info) toast either way.
 */
export default function ForgotPasswordPage() {
  const [busy, setBusy] = useState(false);
  const form = useZodForm(forgotPasswordRequestSchema, { email: '' });

  useEffect(() => {
    document.title = 'Forgot password';
  }, []);

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      const result = await requestPasswordReset(email.trim());
      if (result.success) {
        toast.info(result.message);
        form.reset();
      } else {
        toast.error(result.message);
      }
    } catch (error) {
      console.error(ERROR_MESSAGES.forgotPassword, error);
      toast.error(ERROR_MESSAGES.forgotPassword);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your e-mail address and we will send you a link to reset your password.">
      <AuthForm onSubmit={form.onSubmit(submit)} busy={busy} submitLabel={UI_TEXT.sendMail}>
        <EmailInput {...form.text('email')} autoComplete="email" />
      </AuthForm>
    </AuthLayout>
  );
}
