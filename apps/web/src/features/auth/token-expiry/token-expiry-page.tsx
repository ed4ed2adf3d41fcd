import { DELAYS, ERROR_MESSAGES, PUBLIC_ROUTES, UI_TEXT } from '@console/contract';
import { Button, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { clearLocalSession } from '../../../lib/auth/sign-out';
import { queryClient } from '../../../lib/query-client';
import { AuthLayout } from '../components/auth-layout';

/** /token-expiry (spec s.2): says so, clears stored cookies, returns to / after 4 s. */
export default function TokenExpiryPage() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    document.title = 'Session expired';
    clearLocalSession();
    queryClient.clear();
    const redirect = setTimeout(() => void navigate(PUBLIC_ROUTES.root, { replace: true }), DELAYS.tokenExpiryRedirect);
    // Start the bar on the next frame so its CSS transition runs over the full 4 s.
    const frame = requestAnimationFrame(() => setProgress(100));
    return () => {
      clearTimeout(redirect);
      cancelAnimationFrame(frame);
    };
  }, [navigate]);

  return (
    <AuthLayout title="Session expired">
      <Stack gap="md" align="stretch">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" mx="auto" aria-hidden>
          <IconClockExclamation size={34} stroke={1.6} />
        </ThemeIcon>
        <Text ta="center" role="status">
          {ERROR_MESSAGES.tokenExpired}
        </Text>
        <Progress value={progress} size="xs" aria-label="Returning to the sign-in page" transitionDuration={DELAYS.tokenExpiryRedirect} />
        <Button component={Link} to={PUBLIC_ROUTES.login} replace variant="default">
          {UI_TEXT.backToLogin}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
