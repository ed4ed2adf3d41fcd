import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth/session';
import { readPickedUserId, withPickedUserId } from '../logic/picked-user';

/** The user a profile list shows (?userId, else the signed-in user) and a setter that keeps it in the URL. */
export function usePickedUser(mayPick: boolean) {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const ownId = session?.user.id;
  const userId = readPickedUserId(params, ownId, mayPick);
  const pick = (next: number | null) => setParams((prev) => withPickedUserId(prev, next, ownId));
  return { userId, ownId, isOwn: userId === ownId, pick };
}
