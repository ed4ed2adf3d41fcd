import { ERROR_MESSAGES, type Location, locationsResource, type ToneSequence, toneSequencesResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';

/** GET /locations (spec s.8: a failed read says 'Failed to get location'), add, update, delete, exports. */
export const locationsApi = createResourceApi<Location>(locationsResource, { listErrorMessage: ERROR_MESSAGES.location });

/** A location's tone sequences: GET /tone-sequences?locationId=, add, update, delete, exports. */
export const toneSequencesApi = createResourceApi<ToneSequence>(toneSequencesResource);
