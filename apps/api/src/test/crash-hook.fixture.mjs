// Preloaded (`node --import`) into the server by crash-server.ts, never part of the app: kills the
// process with SIGKILL at a point named by the environment, so a crash test lands its kill there,
// the same point on every run. Plain JavaScript: the server it joins is the API bundle, started
// without a TypeScript loader.
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
  /** @param {unknown} q */
  const textOf = (q) => (typeof q === 'string' ? q : (q?.text ?? ''));
  /** Wraps a driver's query method; the app imports the same module instances (the bundle keeps them external), so it runs this. */
  const wrap = (proto) => {
    const original = proto.query;
    proto.query = function (...args) {
      if (!pattern.test(textOf(args[0])) || !hit()) return original.apply(this, args);
      if (before) die();
      // pg's pool calls client.query(config, values, callback): the answer arrives in the callback.
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = () => die();
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result && typeof result.then === 'function') result.then(die, die);
      return result;
    };
  };
  const { PGlite } = await import('@electric-sql/pglite');
  wrap(PGlite.prototype);
  const pg = (await import('pg')).default;
  wrap(pg.Client.prototype);
} else if (at) {
  subscribe(process.env.CRASH_CHANNEL || 'console:bulk-upload:steps', (message) => {
    if (message?.step === at && hit()) die();
  });
}
