import type { CampaignMedia, DemoMedia } from '@console/contract';

/** A row of either media list: demo media, or campaign media with the campaign and its dates. */
export type MediaRow = DemoMedia & Partial<Pick<CampaignMedia, 'campaignName' | 'startDate' | 'endDate'>>;
