// Regenerates the static menu and module icons under public/images from Tabler's outline
// icons (MIT), so every icon shares one stroke style. Run: node apps/web/scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'public', 'images');
const tabler = (name) => import(`@tabler/icons-react/dist/esm/icons/${name}.mjs`).then((m) => m.__iconNode);

// Menu slug (contract buildModuleCatalogue) -> Tabler icon.
const MENUS = {
  home: 'IconHome',
  locations: 'IconMapPin',
  'user-request': 'IconDeviceMobileMessage',
  'client-dashboard': 'IconLayoutDashboard',
  clients: 'IconBuildingStore',
  'campaign-media': 'IconSpeakerphone',
  'demo-media': 'IconPhotoVideo',
  'manage-actions': 'IconBolt',
  generate: 'IconKey',
  about: 'IconUserCircle',
  'user-activity': 'IconActivity',
  'user-sessions': 'IconHistory',
  dashboard: 'IconChartBar',
  companies: 'IconBuilding',
  users: 'IconUsers',
  roles: 'IconShieldCheck',
  permissions: 'IconLockAccess',
  'module-permissions': 'IconApps',
};

// Module logo -> Tabler icon and its tile gradient.
const MODULES = {
  'tone-dashboard': ['IconWaveSine', '#0b7285', '#15aabf'],
  'demo-admin': ['IconPresentation', '#5f3dc4', '#845ef7'],
  aes: ['IconShieldLock', '#2b8a3e', '#40c057'],
  profile: ['IconUserCircle', '#c2255c', '#f06595'],
  platform: ['IconBuildingSkyscraper', '#143f6f', '#0d97fd'],
};

const attrs = (props) =>
  Object.entries(props)
    .filter(([k]) => k !== 'key')
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
const shapes = (node) => node.map(([tag, props]) => `<${tag} ${attrs(props)}/>`).join('');

const outline = (node, stroke) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${shapes(node)}</svg>\n`;

const tile = (node, from, to, id) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="48" height="48" rx="12" fill="url(#${id})"/>` +
  `<g transform="translate(10 10) scale(1.1667)" fill="none" stroke="#fff" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">${shapes(node)}</g></svg>\n`;

mkdirSync(join(out, 'menus'), { recursive: true });
mkdirSync(join(out, 'modules'), { recursive: true });

for (const [slug, icon] of Object.entries(MENUS)) {
  const node = await tabler(icon);
  // Slate for the resting state (readable on light and dark sidebars), white on the filled active item.
  writeFileSync(join(out, 'menus', `${slug}.svg`), outline(node, '#64748b'));
  writeFileSync(join(out, 'menus', `selected-${slug}.svg`), outline(node, '#ffffff'));
}
for (const [slug, [icon, from, to]] of Object.entries(MODULES)) {
  writeFileSync(join(out, 'modules', `${slug}.svg`), tile(await tabler(icon), from, to, `g-${slug}`));
}
console.log(`wrote ${Object.keys(MENUS).length * 2} menu icons and ${Object.keys(MODULES).length} module logos`);
