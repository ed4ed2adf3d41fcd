import type { ResourceApi } from '../../components/resource';
import { demoMediaApi, type MediaRow } from './media-api';
import { bulkPanel } from './bulk-panel';
import { MediaPage } from './media-page';

/** /demo-admin/demo-media (spec s.2, DESIGN s.4b). */
export default function DemoMediaPage() {
  return (
    <MediaPage
      kind="demo-media"
      extra={bulkPanel}
      resourceApi={demoMediaApi as ResourceApi<MediaRow>}
      title="Demo media"
      description="Images, videos and sounds a demo client shows when its tone is heard."
    />
  );
}
