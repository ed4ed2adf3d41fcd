import { UI_TEXT } from '@console/contract';
import { ActionIcon, Box, Burger, Button, Group, Title } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';
import { ProfileMenu } from './profile-menu';
import classes from './shell.module.css';
import { ThemeToggle } from './theme-toggle';

type Props = {
  /** The current menu name, shown as the page's h1. */
  title?: string;
  /** Replaces the title on the left (the home page shows the brand there). */
  leading?: ReactNode;
  /** Shows the product brand above the sidebar column (wide screens). */
  withBrand?: boolean;
  burger?: { opened: boolean; toggle: () => void };
  withBackToHome?: boolean;
};

/** Top bar: menu name, 'Back To Home', theme toggle, profile dropdown (spec s.2). */
export function TopBar({ title, leading, withBrand, burger, withBackToHome }: Props) {
  return (
    <Group h="100%" wrap="nowrap" gap={0}>
      {withBrand && (
        <Box className={classes.brandSlot} visibleFrom="sm">
          <Brand />
        </Box>
      )}
      <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {burger && (
            <Burger
              opened={burger.opened}
              onClick={burger.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={burger.opened ? 'Close navigation' : 'Open navigation'}
            />
          )}
          {leading ??
            (title !== undefined && (
              <Title order={1} className={classes.pageTitle}>
                {title}
              </Title>
            ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {withBackToHome && (
            <>
              <Button
                component={Link}
                to="/home"
                variant="default"
                visibleFrom="xs"
                leftSection={<IconLayoutGrid size={16} stroke={1.8} aria-hidden />}
              >
                {UI_TEXT.backToHome}
              </Button>
              {/* Phones: the same link as an icon; only one of the two is ever displayed. */}
              <ActionIcon component={Link} to="/home" variant="default" size="lg" hiddenFrom="xs" aria-label={UI_TEXT.backToHome}>
                <IconLayoutGrid size={18} stroke={1.8} aria-hidden />
              </ActionIcon>
            </>
          )}
          <ThemeToggle />
          <ProfileMenu />
        </Group>
      </Group>
    </Group>
  );
}
