import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../../../lib/formatters';
import { useStoredFileUrl } from '../../../lib/stored-file';

/** A user's profile picture (fetched with the bearer token, thumbnail size), or their initials. */
export function UserAvatar({
  name,
  profile,
  color,
  size = 32,
  ...rest
}: { name: string; profile: string | null; color?: string } & Omit<AvatarProps, 'src' | 'alt'>) {
  const src = useStoredFileUrl(profile, { thumb: true });
  return (
    <Avatar src={src} alt={src ? `Profile picture of ${name}` : undefined} size={size} radius="xl" color={color ?? 'brand'} {...rest}>
      {initials(name)}
    </Avatar>
  );
}
