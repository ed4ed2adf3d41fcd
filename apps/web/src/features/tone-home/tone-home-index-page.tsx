import { Navigate } from 'react-router';

/** /tone-dashboard and /tone-portal lead to the tones home (DESIGN s.4b, spec s.4's module fallback). */
export default function ToneHomeIndexPage() {
  return <Navigate to="/tone-dashboard/home" replace />;
}
