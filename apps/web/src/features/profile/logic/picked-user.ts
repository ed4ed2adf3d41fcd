/**
 * Which user's activity or sessions a screen shows, kept in the URL (?userId=…) so a link,
 * reload or back button shows the same list. No parameter means the signed-in user.
 */
export const USER_PARAM = 'userId';

/** ?userId as a positive integer when the viewer may pick users; otherwise (or invalid) the viewer's own id. */
export function readPickedUserId(params: URLSearchParams, ownId: number | undefined, mayPick: boolean): number | undefined {
  const raw = params.get(USER_PARAM);
  if (!mayPick || !raw || !/^\d+$/.test(raw)) return ownId;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : ownId;
}

/**
 * The URL parameters after picking a user: the own id is the default and leaves the URL; the
 * list goes back to its first page (another user's rows), other parameters stay.
 */
export function withPickedUserId(params: URLSearchParams, userId: number | null, ownId: number | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (userId === null || userId === ownId) next.delete(USER_PARAM);
  else next.set(USER_PARAM, String(userId));
  next.delete('page');
  return next;
}
