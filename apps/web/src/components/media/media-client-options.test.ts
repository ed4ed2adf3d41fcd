import { MEDIA_FILE_MESSAGES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { mediaForm } from './media-form';
import type { MediaRow } from './media-row';
import { type ClientWithMedia, clientFieldOptions, mediaClientOptions } from './media-client-options';

// Issue 15, item 4: rows older than the client-type rule (demo media on a live client) must show
// their client in the edit drawer and in the Client filter, while new rows get fitting clients only.
const all: ClientWithMedia[] = [
  { id: 1, name: 'Aurora', type: 'demo', demoMedia: 3, campaignMedia: 0 },
  { id: 2, name: 'Beacon', type: 'live', demoMedia: 6, campaignMedia: 2 },
  { id: 3, name: 'Cobalt', type: 'both', demoMedia: 0, campaignMedia: 0 },
  { id: 4, name: 'Ember', type: 'live', demoMedia: 0, campaignMedia: 0 },
];

describe('the media screens’ client options', () => {
  it('lists fitting clients and the clients that still hold media of the kind', () => {
    expect(mediaClientOptions(all, 'demo-media')).toEqual([
      { id: 1, name: 'Aurora', type: 'demo', fits: true },
      { id: 2, name: 'Beacon', type: 'live', fits: false },
      { id: 3, name: 'Cobalt', type: 'both', fits: true },
    ]);
    expect(mediaClientOptions(all, 'campaign-media').map((c) => [c.name, c.fits])).toEqual([
      ['Beacon', true],
      ['Cobalt', true],
      ['Ember', true],
    ]);
  });

  it('the drawer shows a non-fitting client (disabled, saying why) so an old row keeps it', () => {
    const options = mediaClientOptions(all, 'demo-media');
    expect(clientFieldOptions(options)).toEqual([
      { value: 1, label: 'Aurora' },
      { value: 2, label: 'Beacon (live client: keeps its current media only)', disabled: true },
      { value: 3, label: 'Cobalt' },
    ]);
    const form = mediaForm(options, false, undefined);
    const legacy = { id: 9, clientId: 2, title: 'Old poster', status: 'active' } as Parameters<typeof form.toValues>[0];
    expect(form.toValues(legacy).clientId).toBe(2);
    // A new row never starts on a client that cannot take it, even when the list is filtered by it.
    expect(mediaForm(options, false, 2).toValues(null).clientId).toBe('');
    expect(mediaForm(options, false, 1).toValues(null).clientId).toBe(1);
  });

  it('a drawer opened while the client options load starts on the filtered client', () => {
    expect(mediaForm(undefined, false, 1).toValues(null).clientId).toBe(1);
    expect(mediaForm(undefined, true, undefined).toValues(null).clientId).toBe('');
    const { fields } = mediaForm(undefined, false, 1);
    expect(typeof fields === 'function' ? fields(null) : fields).toContainEqual(expect.objectContaining({ name: 'clientId', options: [] }));
  });
});

describe('the media add and edit forms', () => {
  it("require the file on add, in the API's words, and keep the stored one optional on edit", () => {
    const { fields } = mediaForm([], true, undefined);
    const fileOf = (row: MediaRow | null) => (typeof fields === 'function' ? fields(row) : fields).find((f) => f.name === 'file');
    expect(fileOf(null)).toMatchObject({ required: true, requiredMessage: MEDIA_FILE_MESSAGES.required });
    expect(fileOf({ id: 9, clientId: 1, title: 'Poster', status: 'active' } as MediaRow)?.required).toBe(false);
  });
});
