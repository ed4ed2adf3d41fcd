import { PERMISSION_KEYS, type UserRequest } from '@console/contract';
import { Autocomplete, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceMobile, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RouteLink } from '../../../components/ui/route-link';
import { formatTimestamp } from '../../../lib/formatters';
import { useCan } from '../../../lib/permissions';
import { useQuery } from '../../../lib/use-query';
import { deviceDetailsHref, PLATFORM_COLORS, platformLabel } from '../../../lib/user-requests';
import { userRequestsApi } from '../api/user-requests-api';

/** How many of the latest matching requests are read to find devices, and how many devices are offered. */
const READ = 100;
const OFFERED = 8;

/**
 * The devices whose latest requests match `search` (the list's search: device code, tone code
 * and model, any case, parts too), newest first, one entry per device: its latest request.
 * Read from GET /user-request (DESIGN s.4b), so a lookup needs no call of its own; a role that
 * may open devices but not list user requests gets neither suggestions nor recent devices.
 */
function useDevices(search: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...userRequestsApi.keys.all, 'devices', search],
    queryFn: ({ signal }) =>
      userRequestsApi.list({ page: 1, limit: READ, search, sortField: 'requestedAt', sortOrder: 'desc' }, {}, { signal }),
    select: (result) => latestPerDevice(result.data),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function latestPerDevice(requests: readonly UserRequest[]): UserRequest[] {
  const seen = new Map<string, UserRequest>();
  for (const r of requests) if (!seen.has(r.deviceCode) && seen.size < OFFERED) seen.set(r.deviceCode, r);
  return [...seen.values()];
}

/**
 * Look up a device by its code (the code is the page's URL parameter). Typing offers the devices
 * whose recent requests match, so a part of a code or a model is enough; Enter or 'Show device'
 * opens what is typed, exactly.
 */
export function DeviceCodeForm({ value, onSubmit }: { value: string; onSubmit: (code: string) => void }) {
  const [text, setText] = useState(value);
  const [search] = useDebouncedValue(text.trim(), 250);
  // Asked once the user types: the device shown needs no suggestions.
  const devices = useDevices(search, useCan(PERMISSION_KEYS.userRequests.view) && search !== value);
  const byCode = new Map((devices.data ?? []).map((r) => [r.deviceCode, r]));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(text.trim());
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Autocomplete
          name="deviceCode"
          label="Device code"
          description="Part of a code or a model finds it"
          placeholder="e.g. DEV-0001"
          maxLength={64}
          value={text}
          onChange={setText}
          data={[...byCode.keys()]}
          // The API has matched already (also by model): show its answer as it is.
          filter={({ options }) => options}
          onOptionSubmit={(code) => {
            setText(code);
            onSubmit(code);
          }}
          renderOption={({ option }) => {
            const r = byCode.get(option.value);
            return (
              <div>
                <Text size="sm" fw={600}>
                  {option.value}
                </Text>
                {r ? (
                  <Text size="xs" c="dimmed">
                    {[platformLabel(r.platform), r.deviceModel, `last ${formatTimestamp(r.requestedAt)}`].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
              </div>
            );
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" variant="default" disabled={text.trim() === ''}>
          Show device
        </Button>
      </Group>
    </form>
  );
}

/** With no device chosen: the devices heard last, each a link to its details. */
export function RecentDevices() {
  const headingId = useId();
  const canList = useCan(PERMISSION_KEYS.userRequests.view);
  const devices = useDevices('', canList);
  if (!canList) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        Recently heard devices
      </Title>
      {devices.isPending ? (
        <Skeleton h={120} radius="sm" />
      ) : devices.isError ? (
        <Text size="sm" c="dimmed">
          The latest devices could not be read. Type a device code above.
        </Text>
      ) : devices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No device has reported a request yet.
        </Text>
      ) : (
        <Stack component="ul" gap={0} aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {devices.data.map((r, index) => (
            <li key={r.deviceCode} style={{ borderTop: index === 0 ? undefined : '1px solid var(--app-border)' }}>
              <Group justify="space-between" wrap="wrap" gap="xs" py={8}>
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconDeviceMobile size={18} aria-hidden style={{ flexShrink: 0 }} />
                  <RouteLink to={deviceDetailsHref(r.deviceCode)} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.deviceCode}
                  </RouteLink>
                  <Badge variant="dot" radius="sm" tt="none" color={PLATFORM_COLORS[r.platform]}>
                    {platformLabel(r.platform)}
                  </Badge>
                  {r.deviceModel ? (
                    <Text size="xs" c="dimmed" visibleFrom="xs">
                      {r.deviceModel}
                    </Text>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  Last heard <time dateTime={r.requestedAt}>{formatTimestamp(r.requestedAt)}</time> at {r.location.name}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
