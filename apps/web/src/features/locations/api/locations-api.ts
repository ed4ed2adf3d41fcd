import {
  ERROR_MESSAGES,
  type Location,
  type LocationInput,
  locationsResource,
  type ToneSequence,
  PERMISSION_KEYS,
  toneSequencesResource,
} from '@console/contract';
import { createResourceApi } from '../../../components/resource';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** GET /locations (spec s.8: a failed read says 'Failed to get location'), add, update, delete, exports. */
export const locationsApi = createResourceApi<Location>(locationsResource, { listErrorMessage: ERROR_MESSAGES.location });

/** A location's tone sequences: GET /tone-sequences?locationId=, add, update, delete, exports. */
export const toneSequencesApi = createResourceApi<ToneSequence>(toneSequencesResource);

/** The location whose tone sequences show (`?location=`), if any. */
export const selectedLocation = (params: URLSearchParams): number | undefined => Number(params.get('location')) || undefined;
/** The tone sequences panel's list filter and its table's URL prefix. */
export const sequenceFilters = (locationId: number) => ({ locationId });
export const SEQUENCES_URL_PREFIX = 'ts.';

/**
 * What the locations screen asks for first: the page of the list its URL selects and, when a
 * location is chosen and the user may see them, that location's tone sequences.
 */
export const locationsRouteQueries: RouteQueries = (params, can) => {
  const location = selectedLocation(params);
  return [
    locationsApi.listQueryForUrl(params),
    ...(location && can(PERMISSION_KEYS.toneSequences.view)
      ? [toneSequencesApi.listQueryForUrl(params, sequenceFilters(location), SEQUENCES_URL_PREFIX)]
      : []),
  ];
};

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
