import { f } from '../features/a/page.js'; // web-lib-is-the-bottom
import { c } from '../../../../packages/contract/src/index.js'; // allowed: the contract entry
import { y } from '../../../api/src/lib/ok.js'; // apps-apart
export const z = [f, c, y];
