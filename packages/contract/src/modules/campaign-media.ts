import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { campaignMediaInputSchema, campaignMediaSchema, defineMediaResource, mediaExportColumns, mediaSortFields } from './media.js';

/** Campaign media (DESIGN s.4b): `/campaign-media`, as demo media plus campaign name and dates (live or both clients). */
export const campaignMediaResource = defineMediaResource(RESOURCE_INDEX['campaign-media'], {
  schemas: { row: campaignMediaSchema, create: campaignMediaInputSchema },
  list: {
    sortFields: [...mediaSortFields, 'campaignName', 'startDate', 'endDate'],
    search: ['title', 'description', 'toneCode', 'campaignName'],
    exportColumns: [
      ...mediaExportColumns.slice(0, 2),
      { key: 'campaignName', header: 'Campaign', width: 1.2 },
      { key: 'startDate', header: 'Start' },
      { key: 'endDate', header: 'End' },
      ...mediaExportColumns.slice(2),
    ],
  },
});
