import { Button, PasswordInput, type PasswordInputProps, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { BackToLoginLink } from './back-to-login-link';

/** The e-mail input of the sign-in and forgot-password forms. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      label="Email"
      placeholder="you@company.com"
      leftSection={<IconMail size={16} stroke={1.7} aria-hidden />}
      size="md"
      {...props}
    />
  );
}

/** A password input of the auth forms, its show/hide button named for screen readers. */
export const AuthPasswordInput = (props: PasswordInputProps) => (
  <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} size="md" {...props} />
);

/** The forgot and reset password forms: their fields, the submit button and the way back to sign-in. */
export function AuthForm({
  onSubmit,
  busy,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Button type="submit" size="md" fullWidth loading={busy}>
          {submitLabel}
        </Button>
        <BackToLoginLink />
      </Stack>
    </form>
  );
}
