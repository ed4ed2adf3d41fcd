import { MediaPage } from '../../components/media';
import { campaignMediaApi } from './campaign-media-api';

/** /demo-admin/campaign-media (spec s.2, DESIGN s.4b): as demo media, plus the campaign and its dates. */
export default function CampaignMediaPage() {
  return <MediaPage kind="campaign-media" resourceApi={campaignMediaApi} />;
}
