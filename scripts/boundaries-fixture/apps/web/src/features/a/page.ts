import { g } from '../b/page.js'; // web-no-feature-imports-another
import { r } from '../../app/routes.js'; // web-features-below-app
import { x } from '../../lib/ok.js'; // allowed
export const f = [g, r, x];
