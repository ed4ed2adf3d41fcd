import { Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useStoredFileUrl, useStreamedFileUrl } from '../../lib/stored-file';
import type { MediaRow } from './media-row';
import { formatBytes, formatSeconds } from './media-filters';
import { MountWhenOpened } from '../ui/mount-when-opened';

/**
 * Shows or plays one media file from GET /api/files/<key>. An image is read through the API
 * client (bearer token) and shown from an object URL; video and audio stream from the API with
 * Range requests (useStreamedFileUrl), so a long clip plays at once and seeks without being
 * downloaded whole.
 */
export function MediaPreviewModal({ media, onClose }: { media: MediaRow | null; onClose: () => void }) {
  const image = media?.mediaType === 'image';
  const imageUrl = useStoredFileUrl(media && image ? media.file : null);
  const streamUrl = useStreamedFileUrl(media && !image ? media.file : null);
  const posterUrl = useStreamedFileUrl(media?.mediaType === 'video' ? media.thumbnail : null);
  const url = image ? imageUrl : streamUrl;
  const facts = media
    ? [
        media.mimeType,
        formatBytes(media.size),
        media.width && media.height ? `${media.width} x ${media.height}` : '',
        formatSeconds(media.durationSeconds),
      ].filter(Boolean)
    : [];
  return (
    <MountWhenOpened opened={media !== null}>
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
              <video
                src={url}
                poster={posterUrl}
                controls
                style={{ width: '100%', maxHeight: '70vh' }}
                aria-label={media.title}
                data-testid="media-video"
              />
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
    </MountWhenOpened>
  );
}
