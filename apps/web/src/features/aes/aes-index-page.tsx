import { Navigate } from 'react-router';

/** /aes has one screen: spec s.4's fallback for the module is /aes/generate. */
export default function AesIndexPage() {
  return <Navigate to="/aes/generate" replace />;
}
