import { buildModuleCatalogue, PERMISSION_CATALOGUE, type PermissionDetail } from '@console/contract';
import { indexCatalogue } from './grants-matrix';

/** The seeded catalogue (contract) in the API's answer shapes, for the logic tests. */
export const modules = buildModuleCatalogue({ slug: 'platform', name: 'Platform' });
let subId = 0;
const groups: PermissionDetail[] = PERMISSION_CATALOGUE.map((g) => ({
  id: g.id,
  name: g.name,
  moduleId: g.moduleId,
  subModules: g.subModules.map((s) => {
    subId += 1;
    return { id: subId, name: s.name, roleKey: s.roleKey };
  }),
}));
export const index = indexCatalogue({ modules, groups });
