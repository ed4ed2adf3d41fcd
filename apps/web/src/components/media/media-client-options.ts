import { type Client, MEDIA_CLIENT_TYPES, type MediaKind } from '@console/contract';
import type { FieldOption } from '../form-builder';

/** A client as the media screens offer it: `fits` when it may take new media of the screen's kind. */
export type MediaClientOption = { id: number; name: string; type: Client['type']; fits: boolean };

export type ClientWithMedia = Pick<Client, 'id' | 'name' | 'type' | 'demoMedia' | 'campaignMedia'>;

/** The client fields the media screens read: the type decides the kind, the counts keep old rows' clients. */
export const MEDIA_CLIENT_OPTIONS = { fields: ['name', 'type', 'demoMedia', 'campaignMedia'] } as const;

const held = (c: ClientWithMedia, kind: MediaKind) => (kind === 'demo-media' ? c.demoMedia : c.campaignMedia);
const fits = (c: ClientWithMedia, kind: MediaKind) => (MEDIA_CLIENT_TYPES[kind] as readonly string[]).includes(c.type);

/**
 * Whether a media screen lists a client: its type fits the kind (DESIGN s.4b), or it still holds
 * media of the kind though its type no longer fits (rows older than the rule), so the Client
 * filter can list those rows and their edit drawer can show their client.
 */
export const listsClient = (c: ClientWithMedia, kind: MediaKind) => fits(c, kind) || held(c, kind) > 0;

/** The clients of one media screen (listsClient), each marked whether it may take new media. */
export function mediaClientOptions(all: readonly ClientWithMedia[], kind: MediaKind): MediaClientOption[] {
  return all.filter((c) => listsClient(c, kind)).map((c) => ({ id: c.id, name: c.name, type: c.type, fits: fits(c, kind) }));
}

/**
 * The drawer's client options: a client that no longer fits stays listed (disabled, and says why)
 * so an old row shows its current client and saves with it; it cannot be picked for another row.
 */
export const clientFieldOptions = (clients: MediaClientOption[]): FieldOption[] =>
  clients.map((c) =>
    c.fits
      ? { value: c.id, label: c.name }
      : { value: c.id, label: `${c.name} (${c.type} client: keeps its current media only)`, disabled: true },
  );
