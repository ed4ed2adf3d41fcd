import { UI_TEXT } from '@console/contract';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { displayName, useSession } from '../../lib/auth/session';
import { initials } from '../../lib/formatters';
import { useStoredFileUrl } from '../../lib/stored-file';
import { DeferredMenu } from '../ui/deferred-menu';
import classes from './shell.module.css';
import { useSignOut } from './use-sign-out';

/** Profile dropdown: avatar, name and e-mail; Profile -> /profile/about, Sign Out -> confirm -> /logout. */
export function ProfileMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const user = session?.user;
  const name = displayName(user);
  const email = user?.email ?? '';
  // GET /files/<key> needs the bearer token, which an <img src> cannot send: the avatar is
  // fetched through the API client (the old /storage URL answered 404, leaving initials).
  const avatar = useStoredFileUrl(user?.profile, { thumb: true }) ?? null;

  const target = (
    <UnstyledButton className={classes.profileButton} aria-label={`Account menu, ${name}`}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={avatar} alt="" radius="xl" size={36} color="brand">
          {initials(name)}
        </Avatar>
        <div className={classes.profileText}>
          <Text size="sm" fw={600} lh={1.2} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2} truncate>
            {email}
          </Text>
        </div>
        <IconChevronDown size={16} stroke={1.8} aria-hidden className={classes.profileChevron} />
      </Group>
    </UnstyledButton>
  );

  return (
    // No initial-focus placeholder: it is a role=presentation child, which a menu may not own.
    <DeferredMenu target={target} position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      {/* A menu may only own items, separators and groups (axe aria-required-children). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls; role=group is what a menu may own */}
      <div className={classes.menuHeader} role="group" aria-label={`Signed in as ${name}`}>
        <Avatar src={avatar} alt="" radius="xl" size={40} color="brand">
          {initials(name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {email}
          </Text>
        </div>
      </div>
      <Menu.Divider />
      <Menu.Item leftSection={<IconUserCircle size={18} stroke={1.7} aria-hidden />} onClick={() => navigate('/profile/about')}>
        {UI_TEXT.profile}
      </Menu.Item>
      <Menu.Item
        className={classes.signOutItem}
        leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
        onClick={() => void signOut()}
      >
        {UI_TEXT.signOut}
      </Menu.Item>
    </DeferredMenu>
  );
}
