import { deep } from '../../../../../packages/contract/src/deep.js'; // contract-through-its-entry (from scripts' view it is apps/)
export const s = deep;
