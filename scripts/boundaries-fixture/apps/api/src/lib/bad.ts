import { s } from '../modules/one/index.js'; // api-lib-plugins-db-import-no-module
export const z = s;
