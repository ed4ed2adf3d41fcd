import { s } from '../one/one.service.js'; // api-module-tests-reach-others-through-index-or-testing
import { helper } from '../one/testing.js'; // allowed in a test
export const u = [s, helper];
