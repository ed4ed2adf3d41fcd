/**
 * The in-product help topics (DESIGN.md s.4 "Help"). Form help icons link to
 * `/docs/<slug>#<field-label-slug>`, so a slug or a field heading renamed here breaks links
 * in other screens: keep them stable.
 */
export type DocSection = 'Signing in' | 'Administration' | 'Tools' | 'Your profile';

export type DocTopic = {
  slug: string;
  title: string;
  summary: string;
  section: DocSection;
};

export const DOC_SECTIONS: readonly DocSection[] = ['Signing in', 'Administration', 'Tools', 'Your profile'];

export const DOC_TOPICS: readonly DocTopic[] = [
  { slug: 'sign-in', title: 'Signing in', summary: 'E-mail, password, Keep me logged in and account lockout.', section: 'Signing in' },
  { slug: 'two-step', title: 'Two-step sign-in', summary: 'The 6-digit code e-mailed after your password.', section: 'Signing in' },
  {
    slug: 'second-factors',
    title: 'Authenticator apps and passkeys',
    summary: 'A code from an app, recovery codes, passkeys, and signing in with a passkey alone.',
    section: 'Signing in',
  },
  {
    slug: 'password-reset',
    title: 'Resetting your password',
    summary: 'Request a reset link and choose a new password.',
    section: 'Signing in',
  },
  { slug: 'companies', title: 'Companies', summary: 'Add, edit and delete companies and their logos.', section: 'Administration' },
  { slug: 'users', title: 'Users', summary: 'Staff accounts, roles, colours, two-step sign-in and API keys.', section: 'Administration' },
  { slug: 'roles', title: 'Roles', summary: 'Named sets of permissions; the protected Super Admin role.', section: 'Administration' },
  {
    slug: 'permissions',
    title: 'Permissions',
    summary: "Edit a role's modules, menus and keys, and preview what it sees.",
    section: 'Administration',
  },
  {
    slug: 'module-permissions',
    title: 'Module permissions',
    summary: 'Which role may open which module, as one grid.',
    section: 'Administration',
  },
  {
    slug: 'manage-actions',
    title: 'Manage actions',
    summary: 'What a tone code makes a device do, per client, and how each value is checked.',
    section: 'Administration',
  },
  {
    slug: 'media',
    title: 'Demo and campaign media',
    summary: "A client's images, videos and sounds, their tone codes and campaign dates.",
    section: 'Administration',
  },
  {
    slug: 'bulk-uploads',
    title: 'Bulk uploads and import preview',
    summary: 'Upload sheets, media and archives; preview and map the columns before importing.',
    section: 'Administration',
  },
  {
    slug: 'change-history',
    title: 'Change history',
    summary: 'Who changed what on the list screens, and how to revert a change.',
    section: 'Administration',
  },
  {
    slug: 'live-updates',
    title: 'Live updates',
    summary: 'Which screens follow changes as they happen, and what Live and Stale mean.',
    section: 'Tools',
  },
  { slug: 'aes', title: 'AES keys', summary: 'Generate AES keys and IVs in the browser and try them with GCM or CBC.', section: 'Tools' },
  { slug: 'profile', title: 'Your profile', summary: 'Your details and colours, activity and sessions.', section: 'Your profile' },
];

// Bundled as text into the docs chunk only (the docs are lazy routes); a few kB in all.
const bodies = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default', eager: true });

export function findTopic(slug: string | undefined): DocTopic | undefined {
  return DOC_TOPICS.find((topic) => topic.slug === slug);
}

/** The topic's markdown with the product's configured names filled in. */
export function topicMarkdown(slug: string, vars: Record<string, string>): string {
  const raw = bodies[`./content/${slug}.md`] ?? '';
  return raw.replace(/\{\{(\w+)\}\}/g, (match, name: string) => vars[name] ?? match);
}

/** Heading ids: "Primary colour" -> "primary-colour", the anchors help icons link to. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
