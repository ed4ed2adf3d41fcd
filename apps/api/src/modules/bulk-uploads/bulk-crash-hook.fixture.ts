// Preloaded (`node --import`) into the server by bulk-crash.testing.ts, never part of the app:
// kills the process with SIGKILL at the upload step BULK_CRASH_AT names, as the service
// publishes it (bulk-uploads.service.ts, channel console:bulk-upload:steps).
import { subscribe } from 'node:diagnostics_channel';

const at = process.env.BULK_CRASH_AT;
if (at) {
  subscribe('console:bulk-upload:steps', (message) => {
    if ((message as { step?: string }).step === at) process.kill(process.pid, 'SIGKILL');
  });
}
