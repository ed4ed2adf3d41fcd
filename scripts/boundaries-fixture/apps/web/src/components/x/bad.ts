import { f } from '../../features/a/page.js'; // web-components-below-features
export const z = f;
