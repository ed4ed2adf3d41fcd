import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCan } from '../../lib/permissions';
import { downloadBulkFile } from './bulk-upload-api';
import { BulkUploadLists } from './bulk-upload-lists';
import { type BulkTemplateFormat, type BulkUploadKind, bulkUploadPaths } from '@console/contract';
import { bulkKind } from './kinds';
import { LiveIndicator } from '../ui/live-indicator';
import { useLiveStatus } from './live-status';

const TEMPLATES: [BulkTemplateFormat, string][] = [
  ['csv', 'CSV template'],
  ['excel', 'Excel template'],
];
import { UploadForm } from './upload-form';

export type BulkUploadPanelProps = {
  kind: BulkUploadKind;
  /** The client new uploads belong to and the lists show; without one the lists show every client's, the drop zone waits. */
  clientId?: number | null;
};

/**
 * Bulk upload of demo media, campaign media or manage-actions (DESIGN s.4b, spec s.4): pick and
 * send files, then follow them in the completed and pending-and-failed lists, which the job's
 * progress refreshes live (polled while the live stream is cut). Uploading, retrying and removing need the kind's bulkUpload key;
 * the lists need its view key.
 */
export function BulkUploadPanel({ kind, clientId }: BulkUploadPanelProps) {
  const config = bulkKind(kind);
  const canView = useCan(config.keys.view);
  const canUpload = useCan(config.keys.upload);
  const queryClient = useQueryClient();
  const refreshResource = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [config.resourceName] }),
    [queryClient, config.resourceName],
  );
  const live = useLiveStatus(kind, refreshResource, canView);

  if (!canView && !canUpload) return null;
  const paths = bulkUploadPaths(kind);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`bulk-${kind}-title`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h3" id={`bulk-${kind}-title`}>
              Bulk upload
            </Title>
            <Text size="sm" c="dimmed">
              {config.accept === 'media'
                ? `${config.label}: many files or ZIP archives at once, with an optional manifest. Processing continues in the background.`
                : `${config.label}: CSV or Excel sheets, one action per row. Processing continues in the background.`}
            </Text>
          </div>
          {canUpload ? (
            <Group gap="xs">
              {TEMPLATES.map(([format, label]) => (
                <Button
                  key={format}
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void downloadBulkFile(paths.template(format))}
                >
                  {label}
                </Button>
              ))}
            </Group>
          ) : null}
        </Group>
        {canUpload ? <UploadForm kind={kind} clientId={clientId} onUploaded={live.track} /> : null}
        {live.busy ? (
          <Text size="sm" c="dimmed" role="status">
            Processing… the lists refresh on their own.
          </Text>
        ) : null}
        {canView ? <LiveIndicator path={live.path} /> : null}
        {canView ? <BulkUploadLists kind={kind} clientId={clientId} canManage={canUpload} onRows={live.observe} /> : null}
      </Stack>
    </Card>
  );
}
