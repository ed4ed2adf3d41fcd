import { IMAGE_PATHS, type Menu } from '@console/contract';
import { NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isMenuActive, menuHref } from './route-handle';
import classes from './shell.module.css';

type Props = {
  moduleSlug: string;
  moduleName: string;
  moduleLogo?: string;
  menus: readonly Menu[];
  loading: boolean;
  onNavigate?: () => void;
  /**
   * Renders the same sidebar without links or an active item, for "view as this role" previews
   * inside a screen: following a preview link would leave the screen being edited.
   */
  preview?: boolean;
};

const menuIcon = (logo: string, active: boolean) => `${IMAGE_PATHS.menus}${active ? IMAGE_PATHS.selectedMenuPrefix : ''}${logo}`;

/** The current module's permitted menus (spec s.2): logo, name, link to /{module}/{menu slug}. */
export function Sidebar({ moduleSlug, moduleName, moduleLogo, menus, loading, onNavigate, preview = false }: Props) {
  const { pathname } = useLocation();
  return (
    <>
      <div className={classes.sidebarHeader}>
        {moduleLogo && <img src={`${IMAGE_PATHS.modules}${moduleLogo}`} alt="" width={32} height={32} />}
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.2}>
            Module
          </Text>
          <Text fw={650} truncate>
            {moduleName}
          </Text>
        </div>
      </div>
      <div className={classes.sidebarScroll}>
        <Stack gap={4} p="sm">
          {loading &&
            Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders have no identity and never reorder
              <Skeleton key={i} height={40} radius="md" aria-hidden />
            ))}
          {!loading && menus.length === 0 && (
            <Text size="sm" c="dimmed" px="sm">
              No menus are available in this module.
            </Text>
          )}
          {menus.map((menu) => {
            const href = menuHref(moduleSlug, menu);
            const active = !preview && isMenuActive(pathname, href);
            const look = {
              label: menu.name,
              active,
              variant: 'filled',
              className: classes.navLink,
              leftSection: <img src={menuIcon(menu.logo, active)} alt="" width={20} height={20} />,
            } as const;
            if (preview) return <NavLink key={menu.id} component="div" {...look} />;
            return (
              <NavLink key={menu.id} component={Link} to={href} aria-current={active ? 'page' : undefined} onClick={onNavigate} {...look} />
            );
          })}
        </Stack>
      </div>
    </>
  );
}
