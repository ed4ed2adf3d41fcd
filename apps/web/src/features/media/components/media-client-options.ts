import { type Client, MEDIA_CLIENT_TYPES, type MediaKind } from '@console/contract';
import type { FieldOption } from '../../../components/form-builder';

/** A client as the media screens offer it: `fits` when it may take new media of the screen's kind. */
export type MediaClientOption = { id: number; name: string; type: Client['type']; fits: boolean };

export type ClientWithMedia = Pick<Client, 'id' | 'name' | 'type' | 'demoMedia' | 'campaignMedia'>;

/**
 * The clients of one media screen: those whose type fits the kind (DESIGN s.4b), plus those that
 * still hold media of the kind though their type no longer fits (rows older than the rule), so
 * the Client filter can list those rows and their edit drawer can show their client.
 */
export function mediaClientOptions(all: ClientWithMedia[], kind: MediaKind): MediaClientOption[] {
  const allowed: readonly string[] = MEDIA_CLIENT_TYPES[kind];
  return all
    .map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      fits: allowed.includes(c.type),
      held: kind === 'demo-media' ? c.demoMedia : c.campaignMedia,
    }))
    .filter((c) => c.fits || c.held > 0)
    .map(({ held: _held, ...c }) => c);
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
