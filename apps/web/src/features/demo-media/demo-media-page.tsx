import { MediaPage } from '../../components/media';
import { demoMediaApi } from './demo-media-api';

const DESCRIPTION = 'Images, videos and sounds a demo client shows when its tone is heard.';

/** /demo-admin/demo-media (spec s.2, DESIGN s.4b). */
export default function DemoMediaPage() {
  return <MediaPage kind="demo-media" resourceApi={demoMediaApi} description={DESCRIPTION} />;
}
