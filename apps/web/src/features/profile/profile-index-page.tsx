import { Navigate } from 'react-router';

/**
 * /profile has no screen of its own: it opens About, as the spec's fallback for the module does
 * (s.4: "profile to /profile/about"). It showed a card with the module's name and nothing to do.
 */
export default function ProfileIndexPage() {
  return <Navigate to="/profile/about" replace />;
}
