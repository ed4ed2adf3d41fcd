import { s } from './modules/one/one.service.js'; // api-other-tests-reach-modules-through-index-or-testing
export const o = s;
