import { Avatar, type AvatarProps } from '@mantine/core';
import { initials } from '../../../lib/formatters';
import { useStoredFileUrl } from '../../../lib/stored-file';

type UserAvatarProps = { name: string; profile: string | null; color?: string } & Omit<AvatarProps, 'src' | 'alt'>;

/** A user's profile picture (fetched with the bearer token, thumbnail size), or their initials. */
export function UserAvatar(props: UserAvatarProps) {
  // Most rows of a 500-row list have no picture: they skip the file query and its effects.
  return props.profile ? <StoredAvatar {...props} /> : <InitialsAvatar {...props} />;
}

function StoredAvatar({ profile, ...rest }: UserAvatarProps) {
  const src = useStoredFileUrl(profile, { thumb: true });
  return <InitialsAvatar {...rest} profile={profile} src={src} />;
}

function InitialsAvatar({ name, profile: _profile, color, size = 32, src, ...rest }: UserAvatarProps & { src?: string }) {
  return (
    <Avatar src={src} alt={src ? `Profile picture of ${name}` : undefined} size={size} radius="xl" color={color ?? 'brand'} {...rest}>
      {initials(name)}
    </Avatar>
  );
}
