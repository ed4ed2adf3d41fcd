import { x } from '../../../apps/web/src/lib/ok.js'; // contract-imports-no-app
export const c = x;
