// The heading and the line under it at the top of each screen that draws the standard one (a
// list's ResourcePage, a dashboard's DashboardFrame), by route pattern ('{product}': the
// configured product slug). The screens read it for their address (lib/use-screen-heading.ts);
// the build also writes it into signed-in.html (bundling/defer-signed-in-entry.ts), so that
// public/boot-shell.js paints it with the frame, before the JavaScript arrives: on a phone the
// screen's largest text is then on screen at the first paint instead of seconds later
// (Lighthouse mobile, issue 17: largest paint 5.2-5.5 s -> 1.3 s on the users list).
//
// Imports nothing: Vite's config reads this file with Node (it cannot load the contract by name).

export type ScreenHeading = { heading: string; intro: string };

export const SCREEN_HEADINGS: Readonly<Record<string, ScreenHeading>> = {
  '/{product}/dashboard': { heading: 'Overview', intro: 'Companies, users, roles, active sessions and sign-ins per day.' },
  '/{product}/companies': { heading: 'All companies', intro: 'The organisations your staff and clients belong to.' },
  '/{product}/users': { heading: 'All users', intro: 'Staff accounts, their roles and how they sign in.' },
  '/{product}/roles': {
    heading: 'All roles',
    intro: 'A role decides which modules, menus and buttons its users get. Use Manage access to change them.',
  },
  '/{product}/change-history': {
    heading: 'Change history',
    intro:
      "Every add, edit, delete and revert on the list screens: who made it and what changed. Open a change's details to see all of it or revert it.",
  },
  '/demo-admin/client-dashboard': {
    heading: 'Overview',
    intro: 'Clients by type and status, media and action counts, and bulk upload outcomes.',
  },
  '/demo-admin/clients': { heading: 'All clients', intro: "Your companies' customers: their media and actions hang off them." },
  '/demo-admin/demo-media': { heading: 'Demo media', intro: 'Images, videos and sounds a demo client shows when its tone is heard.' },
  '/demo-admin/campaign-media': {
    heading: 'Campaign media',
    intro: "Media of live clients' campaigns, shown between the campaign's start and end dates.",
  },
  '/demo-admin/manage-actions': {
    heading: 'Manage actions',
    intro: 'What a tone code makes a device do: open a page or a link, show media, call, e-mail or text.',
  },
  '/tone-home-dashboard': { heading: 'Overview', intro: 'Locations, tone sequences and user requests across the tones portal.' },
  '/tone-dashboard/locations': { heading: 'Locations', intro: "The places where tones play; choose one's tone sequences from its row." },
  '/tone-dashboard/user-request': {
    heading: 'User requests',
    intro: "Each tone a device heard, with where, when and on what. Open a device code for that device's history.",
  },
};

/** The heading of a screen by its path, `productSlug` being the configured one (public/boot-shell.js matches the same way). */
export function screenHeading(path: string, productSlug: string): ScreenHeading | undefined {
  const prefix = `/${productSlug}/`;
  return SCREEN_HEADINGS[path.startsWith(prefix) ? `/{product}/${path.slice(prefix.length)}` : path];
}
