import { Avatar, type AvatarProps } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useStoredFileUrl } from '../../../lib/stored-file';

/** A company's logo thumbnail (fetched with the bearer token), or a building icon without one. */
export function CompanyLogo({ name, logo, size = 32, ...rest }: { name: string; logo: string | null } & Omit<AvatarProps, 'src' | 'alt'>) {
  const src = useStoredFileUrl(logo, { thumb: true });
  return (
    <Avatar src={src} alt={src ? `Logo of ${name}` : undefined} size={size} radius="sm" color="brand" variant="light" {...rest}>
      <IconBuilding size={Math.round(Number(size) * 0.55)} stroke={1.6} aria-hidden />
    </Avatar>
  );
}
