import { PLATFORMS, type Platform } from '@console/contract';
import { resourcePath } from './resource-routes';

/** Shared by the tones screens (home recents, user requests, device details): how a platform reads and looks. */
const PLATFORM_LABELS: Record<Platform, string> = { android: 'Android', ios: 'iOS', web: 'Web', other: 'Other' };
export const PLATFORM_COLORS = { android: 'teal', ios: 'blue', web: 'grape', other: 'gray' } as const satisfies Record<Platform, string>;

export const platformLabel = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;
export const PLATFORM_OPTIONS = PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }));

/** The device-details screen, under the user-requests screen (its menu). */
export const DEVICE_DETAILS_PATH = `${resourcePath('user-requests')}/device-details`;

/** The device-details screen of one device code (a link target, so screens need not import each other). */
export const deviceDetailsHref = (deviceCode: string) => `${DEVICE_DETAILS_PATH}?${new URLSearchParams({ deviceCode }).toString()}`;
