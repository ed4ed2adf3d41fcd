import { Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useStoredFileUrl } from '../../../lib/stored-file';
import type { MediaRow } from '../media-api';
import { formatBytes, formatSeconds } from './media-filters';

/**
 * Shows or plays one media file from GET /api/files/<key>. The API needs the bearer token, which
 * an <img>/<video>/<audio> src cannot send, so the file is read through the API client and played
 * from an object URL (the player can then seek anywhere in it).
 */
export function MediaPreviewModal({ media, onClose }: { media: MediaRow | null; onClose: () => void }) {
  const url = useStoredFileUrl(media?.file ?? null);
  const facts = media
    ? [
        media.mimeType,
        formatBytes(media.size),
        media.width && media.height ? `${media.width} x ${media.height}` : '',
        formatSeconds(media.durationSeconds),
      ].filter(Boolean)
    : [];
  return (
    <Modal
      opened={media !== null}
      onClose={onClose}
      title={media ? `Preview: ${media.title}` : 'Preview'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close preview' }}
    >
      {media ? (
        <Stack gap="sm">
          {!url ? (
            <Center mih={160}>
              <Loader aria-label="Loading the file" />
            </Center>
          ) : media.mediaType === 'image' ? (
            <Image src={url} alt={media.title} fit="contain" mah="70vh" radius="sm" />
          ) : media.mediaType === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: staff preview of an uploaded clip; no captions exist for it
            <video src={url} controls style={{ width: '100%', maxHeight: '70vh' }} aria-label={media.title} data-testid="media-video" />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: staff preview of an uploaded sound; no captions exist for it
            <audio src={url} controls style={{ width: '100%' }} aria-label={media.title} data-testid="media-audio" />
          )}
          <Text size="sm" c="dimmed">
            {media.fileName ? `${media.fileName} · ` : ''}
            {facts.join(' · ')}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}
