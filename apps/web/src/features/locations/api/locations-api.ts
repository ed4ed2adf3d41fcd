import {
  ERROR_MESSAGES,
  type Location,
  type LocationInput,
  locationsResource,
  type ToneSequence,
  toneSequencesResource,
} from '@console/contract';
import { createResourceApi } from '../../../components/resource';

/** GET /locations (spec s.8: a failed read says 'Failed to get location'), add, update, delete, exports. */
export const locationsApi = createResourceApi<Location>(locationsResource, { listErrorMessage: ERROR_MESSAGES.location });

/** A location's tone sequences: GET /tone-sequences?locationId=, add, update, delete, exports. */
export const toneSequencesApi = createResourceApi<ToneSequence>(toneSequencesResource);

/** The update body that makes a location inactive: every field as it is (an update sets them all), status inactive. */
export const deactivated = (l: Location): LocationInput => ({
  name: l.name,
  address: l.address,
  city: l.city,
  country: l.country,
  latitude: l.latitude,
  longitude: l.longitude,
  clientId: l.clientId,
  status: 'inactive',
});
