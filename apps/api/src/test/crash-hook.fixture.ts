// Preloaded (`node --import`) into the server by crash-server.ts, never part of the app: kills the
// process with SIGKILL at a point named by the environment, so a crash test lands its kill there,
// the same point on every run.
//   CRASH_CHANNEL  where to look: a diagnostics channel (default console:bulk-upload:steps, where
//                  the bulk uploads publish their steps), or `sql` for the statements the database runs
//   CRASH_AT       a channel message's `step`; for `sql`, a regular expression the statement matches
//   CRASH_NTH      kill at the nth match (default 1)
//   CRASH_WHEN     `sql` only: `before` the statement runs, or `after` it answered (default)
import { subscribe } from 'node:diagnostics_channel';

const at = process.env.CRASH_AT;
let left = Number(process.env.CRASH_NTH || 1);
const hit = () => --left === 0;
const die = () => process.kill(process.pid, 'SIGKILL');

if (at && process.env.CRASH_CHANNEL === 'sql') {
  const pattern = new RegExp(at, 'i');
  const before = process.env.CRASH_WHEN === 'before';
  type Query = (this: unknown, ...args: unknown[]) => unknown;
  const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? ''));
  /** Wraps a driver's query method; the app imports the same module instances, so it runs this. */
  const wrap = (proto: { query: Query }) => {
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (!pattern.test(textOf(args[0])) || !hit()) return original.apply(this, args);
      if (before) die();
      // pg's pool calls client.query(config, values, callback): the answer arrives in the callback.
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = () => die();
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(die, die);
      return result;
    };
  };
  const { PGlite } = await import('@electric-sql/pglite');
  wrap(PGlite.prototype as unknown as { query: Query });
  const pg = (await import('pg')).default;
  wrap(pg.Client.prototype as unknown as { query: Query });
} else if (at) {
  subscribe(process.env.CRASH_CHANNEL || 'console:bulk-upload:steps', (message) => {
    if ((message as { step?: string }).step === at && hit()) die();
  });
}
