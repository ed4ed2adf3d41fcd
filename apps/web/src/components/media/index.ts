// What the demo-media and campaign-media screens share (one table, two kinds): the page, its URL filter and row type.
export { MEDIA_FILTERS } from './media-filters';
export { MediaPage, type MediaPageProps } from './media-page';
export type { MediaRow } from './media-row';
