import { ERROR_MESSAGES, MEDIA_FILE_MESSAGES } from '@console/contract';
import type { FormField, FormValues } from '../form-builder';
import type { ResourceForm } from '../resource';
import type { MediaRow } from './media-row';
import { type MediaClientOption, clientFieldOptions } from './media-client-options';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const MEDIA_ACCEPT = 'image/*,video/*,audio/*';

/** `adding`: the file is required on add (the API refuses an add without one), optional on edit. */
function mediaFields(clients: MediaClientOption[], campaign: boolean, adding: boolean): FormField[] {
  return [
    { name: 'clientId', label: 'Client', type: 'select', required: true, options: clientFieldOptions(clients) },
    { name: 'title', label: 'Title', type: 'text', required: true, placeholder: 'Spring poster' },
    ...(campaign
      ? ([
          { name: 'campaignName', label: 'Campaign name', type: 'text', required: true, placeholder: 'Spring 2027' },
          { name: 'startDate', label: 'Start date', type: 'date' },
          { name: 'endDate', label: 'End date', type: 'date' },
        ] satisfies FormField[])
      : []),
    { name: 'description', label: 'Description', type: 'textarea', rows: 3 },
    { name: 'toneCode', label: 'Trigger tone code', type: 'text', placeholder: 'AB-1234' },
    { name: 'status', label: 'Status', type: 'select', required: true, options: STATUS_OPTIONS },
    {
      name: 'file',
      label: 'Media file',
      type: 'file',
      required: adding,
      requiredMessage: MEDIA_FILE_MESSAGES.required,
      accept: MEDIA_ACCEPT,
      fileNote: 'An image, video (MP4, WebM, MOV) or audio file (MP3, M4A, AAC, OGG, WAV), up to 100 MB',
    },
  ];
}

function toValues(m: MediaRow | null, clientId: number | undefined, campaign: boolean): FormValues {
  return {
    clientId: m?.clientId ?? clientId ?? '',
    title: m?.title ?? '',
    ...(campaign ? { campaignName: m?.campaignName ?? '', startDate: m?.startDate ?? '', endDate: m?.endDate ?? '' } : {}),
    description: m?.description ?? '',
    toneCode: m?.toneCode ?? '',
    status: m?.status ?? 'active',
    // The drawer previews the image thumbnail (previewField); video and audio show their stored name.
    file: m ? (m.thumbnail ?? m.file) : null,
  };
}

/**
 * The add/edit drawer: multipart with the file part `file` (required on add, optional on edit),
 * with upload progress. `clients` is undefined while the client options load.
 */
export function mediaForm(
  clients: MediaClientOption[] | undefined,
  campaign: boolean,
  clientId: number | undefined,
): ResourceForm<MediaRow> {
  // A new row starts on the filtered client when that client may take it. While the options load
  // it starts there too (the field shows the name once they arrive): a drawer opened before they
  // came used to start with no client and refuse the save with "Choose a client".
  const preset = !clients || clients.find((c) => c.id === clientId)?.fits ? clientId : undefined;
  return {
    fields: (row) => mediaFields(clients ?? [], campaign, row === null),
    toValues: (m) => toValues(m, preset, campaign),
    previewField: 'thumbnail',
    previewNameField: 'fileName',
    uploadProgress: true,
    // Spec s.8: a failed media add reads 'Error adding user' (its wording carried over from users).
    errorMessages: { create: ERROR_MESSAGES.addUser },
  };
}
