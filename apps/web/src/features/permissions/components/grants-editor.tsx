import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ProductMultiSelect } from '../../../components/product-multi-select';
import {
  type CatalogueIndex,
  type Grants,
  menuGroups,
  menuIdsFromValues,
  menuValue,
  setKeys,
  setMenus,
  toggleModule,
} from '../logic/grants-matrix';
import { ModuleSection } from './module-section';

type Props = {
  index: CatalogueIndex;
  grants: Grants;
  onChange: (next: Grants) => void;
  readOnly: boolean;
};

/** The matrix itself: menus per module (the product multi-select), then each module's keys. */
export function GrantsEditor({ index, grants, onChange, readOnly }: Props) {
  const groups = useMemo(() => menuGroups(index.modules), [index.modules]);
  const menuValues = useMemo(() => grants.menuIds.map(menuValue), [grants.menuIds]);
  const granted = new Set(grants.moduleIds);
  const keys = new Set(grants.roleKeys);
  const menus = new Set(grants.menuIds);

  return (
    <Stack gap="lg">
      <section aria-labelledby="menus-heading">
        <Title order={3} size="h4" id="menus-heading">
          Menus
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The pages the role sees in each module's sidebar. Choosing a menu also grants its module.
        </Text>
        <ProductMultiSelect
          label="Menus per module"
          groups={groups}
          value={menuValues}
          onChange={(values) => onChange(setMenus(grants, index, menuIdsFromValues(values)))}
          disabled={readOnly}
          maxHeight={720}
        />
      </section>
      <section aria-labelledby="modules-heading">
        <Title order={3} size="h4" id="modules-heading">
          Modules and permission keys
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Unticking a module also removes its menus and keys. Keys decide which buttons the role gets on each screen.
        </Text>
        <Stack gap="md">
          {index.modules.map((module) => (
            <ModuleSection
              key={module.id}
              module={module}
              groups={index.groupsByModule.get(module.id) ?? []}
              granted={granted.has(module.id)}
              menuCount={module.menus.filter((m) => menus.has(m.id)).length}
              keys={keys}
              disabled={readOnly}
              onToggleModule={(on) => onChange(toggleModule(grants, index, module.id, on))}
              onKeysChange={(changed, on) => onChange(setKeys(grants, index, changed, on))}
            />
          ))}
        </Stack>
      </section>
    </Stack>
  );
}
