import { PUBLIC_ROUTES, SERVER_MESSAGES, UI_TEXT } from '@console/contract';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './otp.module.css';

/** Expired or invalid challenge (spec s.2): an image and 'Back to Login'. */
export function OtpExpired() {
  return (
    <Stack gap="lg" align="stretch">
      <img
        src="/images/otp-expired.svg"
        alt="An hourglass beside a closed envelope: the verification link has expired"
        className={classes.expiredImage}
        width={240}
        height={180}
      />
      <Text ta="center" c="dimmed">
        {SERVER_MESSAGES.otpExpired}
      </Text>
      <Button component={Link} to={PUBLIC_ROUTES.login} size="md" fullWidth replace>
        {UI_TEXT.backToLogin}
      </Button>
    </Stack>
  );
}
