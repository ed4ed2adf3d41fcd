import { MediaPage } from '../../components/media';
import { demoMediaApi } from './demo-media-api';

/** /demo-admin/demo-media (spec s.2, DESIGN s.4b). */
export default function DemoMediaPage() {
  return <MediaPage kind="demo-media" resourceApi={demoMediaApi} />;
}
