import { API_PATHS } from '@console/contract';
import { api } from '../api-client';

/** POST /auth/heartbeat: keeps the server's idle clock in step with the user's input (at most once a minute). */
export function sendHeartbeat(): void {
  api.post(API_PATHS.auth.heartbeat).catch(() => undefined);
}
