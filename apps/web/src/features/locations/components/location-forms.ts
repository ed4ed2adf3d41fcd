import { countriesByName, type Location, type ToneSequence } from '@console/contract';
import type { ResourceForm } from '../../../components/resource';
import type { FormField, FormValues } from '../../../components/form-builder';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

// Coordinates are plain inputs: no map library here works offline without a tile server. No min/max:
// the number input would clamp 95 to 90 silently; the contract's range message says what is wrong instead.
const locationFields = (clients: { id: number; name: string }[]): FormField[] => [
  { name: 'name', label: 'Location name', type: 'text', required: true, placeholder: 'Central Station, hall B' },
  { name: 'address', label: 'Address', type: 'textarea', rows: 2 },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'country', label: 'Country', type: 'select', placeholder: 'Type to search, e.g. Belgium', options: COUNTRY_OPTIONS },
  { name: 'latitude', label: 'Latitude', type: 'number', step: 0.000001, placeholder: '50.8503' },
  { name: 'longitude', label: 'Longitude', type: 'number', step: 0.000001, placeholder: '4.3517' },
  // Optional (DESIGN s.4b): the client whose tones play here; cleared, the location belongs to none.
  { name: 'clientId', label: 'Client', type: 'select', options: clients.map((c) => ({ value: c.id, label: c.name })) },
  { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
];

// Name first (what people search for), the code after it: "Belgium (BE)".
const COUNTRY_OPTIONS = countriesByName().map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The add/edit drawer; the client options come from the shared client picker's list. */
export const locationForm = (clients: { id: number; name: string }[]): ResourceForm<Location> => ({
  fields: locationFields(clients),
  toValues: (l) => ({
    name: l?.name ?? '',
    address: l?.address ?? '',
    city: l?.city ?? '',
    country: l?.country ?? '',
    latitude: l?.latitude ?? undefined,
    longitude: l?.longitude ?? undefined,
    status: l?.status ?? 'active',
    clientId: l?.clientId ?? '',
  }),
  toBody: (v: FormValues) => ({
    name: text(v.name),
    address: text(v.address),
    city: text(v.city),
    country: text(v.country),
    latitude: num(v.latitude),
    longitude: num(v.longitude),
    status: v.status,
    clientId: Number(v.clientId) || null,
  }),
});

const SEQUENCE_FIELDS: FormField[] = [
  { name: 'name', label: 'Tone sequence name', type: 'text', required: true, placeholder: 'Entrance chime' },
  { name: 'code', label: 'Code', type: 'text', required: true, placeholder: 'AB-1234' },
  { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
];

/** The add/edit form of one location's sequences: the location is the panel's, not a field. */
export function toneSequenceForm(locationId: number): ResourceForm<ToneSequence> {
  return {
    fields: SEQUENCE_FIELDS,
    toValues: (s) => ({ name: s?.name ?? '', code: s?.code ?? '', status: s?.status ?? 'active', locationId: s?.locationId ?? locationId }),
    toBody: (v) => ({ name: text(v.name), code: text(v.code), status: v.status, locationId }),
  };
}
