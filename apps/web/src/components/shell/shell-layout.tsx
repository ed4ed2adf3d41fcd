import { STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useChangeEffect } from '../../lib/use-change-effect';
import { useQuery } from '../../lib/use-query';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getAppConfig } from '../../lib/app-config';
import { moduleName, modulesQuery } from '../../lib/modules';
import { canWith, usePermissions } from '../../lib/permissions';
import { storage } from '../../lib/storage';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageLoader } from '../ui/page-loader';
import { NoAccess } from './no-access';
import { canOpenShellRoute, firstSegment, isMenuActive, menuHref, useShellRoute } from './route-handle';
import classes from './shell.module.css';
import { Sidebar } from './sidebar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** Sidebar + top bar around every signed-in screen except /home (spec s.2 "Shell"). */
export default function ShellLayout() {
  const { pathname } = useLocation();
  const handle = useShellRoute();
  const permissions = usePermissions();
  const modules = useQuery(modulesQuery());
  const [navOpened, nav] = useDisclosure(false);

  const moduleSlug = handle?.module ?? firstSegment(pathname);
  const menus = permissions.menuPermissions[moduleSlug] ?? [];
  const activeMenu = menus.find((menu) => isMenuActive(pathname, menuHref(moduleSlug, menu)));
  const module = modules.data?.find((m) => m.slug === moduleSlug);
  const name = moduleName(moduleSlug, modules.data);
  const menuName = activeMenu?.name ?? handle?.title ?? '';

  // Spec s.2: the menu name is also kept as localStorage menuName (the activity logger's screen name). It follows
  // the menus' answer, hence useChangeEffect (lib/use-change-effect.ts).
  useChangeEffect(() => {
    if (menuName) storage.set(STORAGE_KEYS.menuName, menuName);
    document.title = menuName ? `${menuName} · ${getAppConfig().productName}` : getAppConfig().productName;
  }, [menuName]);

  // A link followed on a phone closes the drawer (nav.close changes identity on every render: pathname is the trigger).
  useChangeEffect(() => nav.close(), [pathname]);

  // The page mounts only once the user's permissions have said yes: a page mounted while they
  // load starts its queries, and a denied user's calls come back 403 (each one an audit row).
  const access = !handle ? 'open' : permissions.isLoading ? 'checking' : canOpenShellRoute(handle, permissions) ? 'open' : 'denied';

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink />
      <AppShell.Header>
        <TopBar title={menuName} withBrand burger={{ opened: navOpened, toggle: nav.toggle }} withBackToHome />
      </AppShell.Header>
      <AppShell.Navbar aria-label={`${name} menu`}>
        <Sidebar
          moduleSlug={moduleSlug}
          moduleName={name}
          moduleLogo={module?.logo}
          menus={menus}
          loading={permissions.isLoading}
          onNavigate={nav.close}
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.mainTarget}>
        {access === 'checking' ? <PageLoader /> : null}
        {access === 'open' ? (
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        {access === 'denied' ? (
          <NoAccess
            backLabel={UI_TEXT.backToHome}
            moduleName={name}
            hasModuleMenus={menus.length > 0}
            missingKey={handle?.roleKey && !canWith(permissions, handle.roleKey) ? handle.roleKey : undefined}
          />
        ) : null}
      </AppShell.Main>
    </AppShell>
  );
}
