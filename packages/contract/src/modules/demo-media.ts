import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { defineMediaResource, demoMediaInputSchema, demoMediaSchema, mediaExportColumns, mediaSortFields } from './media.js';

/** Demo media (DESIGN s.4b): `/demo-media`, list filter clientId (a client of type demo or both). */
export const demoMediaResource = defineMediaResource(RESOURCE_INDEX['demo-media'], {
  schemas: { row: demoMediaSchema, create: demoMediaInputSchema },
  list: { sortFields: mediaSortFields, search: ['title', 'description', 'toneCode'], exportColumns: mediaExportColumns },
});
