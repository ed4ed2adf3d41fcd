import {
  type ChallengeFactors,
  ERROR_MESSAGES,
  type LoginResponse,
  recoveryCodeField,
  SECOND_FACTOR_MESSAGES,
  UI_TEXT,
} from '@console/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { passkeyCancelled, passkeysSupported, signWithPasskey } from '../../../lib/webauthn';
import { passkeyStepOptions, verifyFactor, verifyPasskeyStep } from '../api/second-step';
import { OtpBoxes } from './otp-boxes';
import { emptyOtp, otpError } from './otp-boxes.logic';

type Method = 'totp' | 'recovery' | 'passkey';
type Props = {
  token: string;
  factors: ChallengeFactors;
  /** A settled answer (right or wrong); the page finishes the sign-in on a right one. */
  onAnswer: (response: LoginResponse) => Promise<boolean>;
  /** "E-mail me a code": the page sends it and shows the spec's form. */
  onUseEmail: () => void;
  onBack: () => void;
  done: boolean;
};

const INTRO: Record<Method, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.',
  passkey: 'Use your passkey to finish signing in.',
};
const SWITCH: Record<Method, string> = {
  totp: 'Use your authenticator app',
  recovery: 'Use a recovery code',
  passkey: 'Use a passkey',
};

/** The two-step page for a user who enrolled an app or a passkey (the e-mailed code stays one link away). */
export function FactorStep({ token, factors, onAnswer, onUseEmail, onBack, done }: Props) {
  const errorId = useId();
  const [method, setMethod] = useState<Method>(factors.totp ? 'totp' : 'passkey');
  const [digits, setDigits] = useState(emptyOtp);
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const methods: Method[] = [...(factors.totp ? (['totp', 'recovery'] as const) : []), ...(factors.passkey ? (['passkey'] as const) : [])];

  const settle = async (answer: () => Promise<LoginResponse>) => {
    setBusy(true);
    try {
      const response = await answer();
      if (await onAnswer(response)) return;
      setError(response.message);
      setDigits(emptyOtp());
    } catch (cause) {
      if (passkeyCancelled(cause)) setError('The passkey prompt was closed. Try again, or use another way.');
      else setError(ERROR_MESSAGES.otp);
    }
    setBusy(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (method === 'totp') {
      const invalid = otpError(digits);
      if (invalid) return setError(SECOND_FACTOR_MESSAGES.totpCode);
      return void settle(() => verifyFactor(token, 'totp', digits.join('')));
    }
    if (method === 'recovery') {
      // The contract's own rule (dashes, spaces and case do not matter), as the API checks it.
      if (!recoveryCodeField.safeParse(recovery).success) return setError(SECOND_FACTOR_MESSAGES.recoveryCode);
      return void settle(() => verifyFactor(token, 'recovery', recovery));
    }
    void settle(async () => verifyPasskeyStep(token, await signWithPasskey(await passkeyStepOptions(token))));
  };

  const choose = (next: Method) => {
    setMethod(next);
    setError(null);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Two-step verification">
      <Stack gap="md">
        <Text size="sm" ta="center">
          {INTRO[method]}
        </Text>
        {method === 'totp' ? (
          <OtpBoxes
            digits={digits}
            onChange={(next) => {
              setDigits(next);
              setError(null);
            }}
            invalid={Boolean(error)}
            disabled={busy || done}
            describedBy={error ? errorId : undefined}
          />
        ) : null}
        {method === 'recovery' ? (
          <TextInput
            label="Recovery code"
            placeholder="abcd-efgh-ijkl"
            autoComplete="one-time-code"
            value={recovery}
            onChange={(e) => {
              setRecovery(e.currentTarget.value);
              setError(null);
            }}
            error={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={busy || done}
            data-autofocus
          />
        ) : null}
        {method === 'passkey' && !passkeysSupported() ? (
          <Text size="sm" c="dimmed" ta="center">
            This browser cannot use passkeys. Choose another way below.
          </Text>
        ) : null}
        <Text id={errorId} c="var(--mantine-color-error)" size="sm" ta="center" role="alert" mih={20}>
          {error ?? ''}
        </Text>
        <Button type="submit" size="md" fullWidth loading={busy} disabled={done || (method === 'passkey' && !passkeysSupported())}>
          {method === 'passkey' ? 'Use passkey' : UI_TEXT.validate}
        </Button>
        <Button variant="default" size="md" fullWidth onClick={onBack}>
          {UI_TEXT.backToLoginOtp}
        </Button>
        <Stack gap={4} align="center" component="nav" aria-label="Other ways to verify">
          <Text size="sm" c="dimmed">
            Other ways:
          </Text>
          <Group gap="md" justify="center">
            {methods
              .filter((m) => m !== method)
              .map((m) => (
                <Anchor key={m} component="button" type="button" size="sm" fw={500} onClick={() => choose(m)} disabled={done}>
                  {SWITCH[m]}
                </Anchor>
              ))}
            <Anchor component="button" type="button" size="sm" fw={500} onClick={onUseEmail} disabled={done}>
              E-mail me a code
            </Anchor>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
