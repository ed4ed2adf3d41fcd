export { Brand } from './brand';
export { InactivityDialog } from './inactivity-dialog';
export { ProfileMenu } from './profile-menu';
export { Sidebar } from './sidebar';
export { type ShellRouteHandle, useShellRoute } from './route-handle';
export { ThemeToggle } from './theme-toggle';
export { TopBar } from './top-bar';
export { useSignOut } from './use-sign-out';
