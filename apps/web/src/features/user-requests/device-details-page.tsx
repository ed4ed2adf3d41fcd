import { ERROR_MESSAGES, type UserRequest } from '@console/contract';
import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '../../lib/use-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, defaultListQuery, type ListQueryState } from '../../components/data-table';
import { RouteLink } from '../../components/ui/route-link';
import { useSession } from '../../lib/auth/session';
import { resourcePath } from '../../lib/resource-routes';
import { getDeviceRequests, userRequestsApi } from './api/user-requests-api';
import { deviceRequestColumns } from './components/request-columns';
import { DeviceCodeForm, RecentDevices } from './components/device-lookup';
import { DeviceSummary } from './components/device-summary';

/** /tone-dashboard/user-request/device-details?deviceCode=: the device's summary and every request it made. */
export default function DeviceDetailsPage() {
  const [params, setParams] = useSearchParams();
  const deviceCode = (params.get('deviceCode') ?? '').trim().slice(0, 64);
  const session = useSession();
  // The summary is the same for every page of the table: one small read of its own.
  const summary = useQuery({
    queryKey: [...userRequestsApi.keys.all, 'device', deviceCode],
    queryFn: ({ signal }) => getDeviceRequests(deviceCode, { ...defaultListQuery(), limit: 1 }, { signal }),
    enabled: deviceCode !== '',
  });
  const queryKey = useMemo(() => [...userRequestsApi.keys.all, 'device-requests', deviceCode], [deviceCode]);
  const queryFn = useCallback(
    (query: ListQueryState, context: { signal: AbortSignal }) => getDeviceRequests(deviceCode, query, context),
    [deviceCode],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {deviceCode ? `Device ${deviceCode}` : 'Device details'}
          </Title>
          <Text c="dimmed" size="sm">
            {deviceCode ? 'Every request this device reported, newest first.' : 'Find a device by its code, or open one heard lately.'}
          </Text>
        </div>
        <RouteLink to={resourcePath('user-requests')} size="sm" fallback={null}>
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden /> All user requests
          </Group>
        </RouteLink>
      </Group>

      <DeviceCodeForm
        // A new code in the URL (a link, Back) is the field's new text.
        key={deviceCode}
        value={deviceCode}
        onSubmit={(code) => setParams(code ? new URLSearchParams({ deviceCode: code }) : new URLSearchParams())}
      />

      {!deviceCode ? (
        <RecentDevices />
      ) : summary.isPending ? (
        <Skeleton h={88} radius="md" />
      ) : summary.isError ? (
        <Alert color="red" variant="light" role="alert" title={ERROR_MESSAGES.loadPosts} />
      ) : summary.data.device ? (
        <DeviceSummary device={summary.data.device} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="No requests from this device yet">
          <Stack gap={4}>
            <Text size="sm">A device shows up here once it reports a request with this code.</Text>
            {/* Codes match exactly here; the list's search ignores case and finds parts of codes,
                so a mistyped or lower-case code still leads somewhere. */}
            <RouteLink to={listSearchPath(deviceCode)} size="sm" fallback={null}>
              Search all user requests for “{deviceCode}”
            </RouteLink>
          </Stack>
        </Alert>
      )}

      {deviceCode ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <DataTable<UserRequest>
            tableId="device-requests"
            userId={session?.user.id ?? session?.user.email}
            label={`Requests of ${deviceCode}`}
            focusableScroll
            columns={deviceRequestColumns}
            queryKey={queryKey}
            queryFn={queryFn}
            getRecordLabel={(r) => `${r.toneSequence.name} at ${r.requestedAt}`}
            searchLabel="Search this device's requests"
            searchPlaceholder="Search by tone code, model…"
            noRecordsText="No requests found"
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The user-request list searching for `text` (device code, tone code and model, any case). */
const listSearchPath = (text: string) => `${resourcePath('user-requests')}?${new URLSearchParams({ search: text })}`;
