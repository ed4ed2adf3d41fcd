import { API_PATHS, UI_TEXT } from '@console/contract';
import { Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { isServiceUnavailable, unavailableRetryDelay, useServiceUnavailable } from '../../lib/service-status';
import classes from './service-notice.module.css';

/**
 * "The service is unavailable, retrying" while the API answers 503 (its database is away), on
 * every screen. The live region is always in the page, so screen readers announce the text when
 * it appears. While it shows, the health check is asked again (backing off, never sooner than
 * the API's Retry-After), so it goes away when the API serves again even on a screen that has
 * no query of its own retrying (the sign-in form).
 */
export function ServiceNotice() {
  const unavailable = useServiceUnavailable();

  useEffect(() => {
    if (!unavailable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const probe = (attempt: number) => {
      timer = setTimeout(async () => {
        // Its answer, whichever, is reported to service-status by the API client.
        await api.get(API_PATHS.health, { redirectOnUnauthorized: false }).catch(() => undefined);
        if (!stopped && isServiceUnavailable()) probe(attempt + 1);
      }, unavailableRetryDelay(attempt));
    };
    probe(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [unavailable]);

  return (
    <div role="status" aria-live="polite" className={classes.root}>
      {unavailable ? (
        <Paper withBorder shadow="md" radius="md" px="md" py="xs" mx="auto" w="fit-content" maw="calc(100% - 16px)" bg="yellow.0">
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" color="yellow.9" aria-hidden />
            <Text size="sm" fw={600} c="dark.9">
              {UI_TEXT.serviceUnavailable}
            </Text>
          </Group>
        </Paper>
      ) : null}
    </div>
  );
}
