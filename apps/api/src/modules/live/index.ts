// What the app may use from `live` (live updates: event streams fed by the live bus, lib/live-bus).
export { default as liveRoutes } from './live.routes.js';
