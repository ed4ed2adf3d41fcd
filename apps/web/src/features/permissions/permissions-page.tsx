import { ERROR_MESSAGES, UI_TEXT } from '@console/contract';
import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '../../lib/use-query';
import { useMemo, useState } from 'react';
import { modulesQuery } from '../../lib/modules';
import { usePermissionGroups } from './api/get-permission-groups';
import { useRoleRows } from './api/get-role-options';
import { PermissionGroupsTab } from './components/permission-groups-tab';
import { RoleAccessTab } from './components/role-access-tab';
import { indexCatalogue } from './logic/grants-matrix';
import { LoadingBlock } from '../../components/ui/loading-block';

/** /{product}/permissions: a role's grants as one matrix with a preview, and the permission groups. */
export default function PermissionsPage() {
  // GET /modules lists every module and menu for a super admin (for others: what they hold,
  // which is all they may grant anyway).
  const modules = useQuery(modulesQuery());
  const groups = usePermissionGroups();
  const roles = useRoleRows();
  const [tab, setTab] = useState<string | null>('access');

  const index = useMemo(
    () => (modules.data && groups.data ? indexCatalogue({ modules: modules.data, groups: groups.data }) : null),
    [modules.data, groups.data],
  );
  const failed = modules.isError || groups.isError;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Role permissions</Title>
        <Text c="dimmed" size="sm" mt={4}>
          Choose what a role may open and do: modules, the menus inside them and the permission keys of each screen.
        </Text>
      </div>
      {failed ? (
        <Alert color="red" variant="light" title={ERROR_MESSAGES.loadPosts}>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => {
              void modules.refetch();
              void groups.refetch();
            }}
          >
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      ) : null}
      {!index && !failed ? <LoadingBlock label="Loading permissions" height={480} radius="md" /> : null}
      {index ? (
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List mb="md">
            <Tabs.Tab value="access" leftSection={<IconKey size={16} aria-hidden />}>
              Role access
            </Tabs.Tab>
            <Tabs.Tab value="groups" leftSection={<IconListDetails size={16} aria-hidden />}>
              Permission groups
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="access">
            <RoleAccessTab roles={roles.data ?? []} index={index} />
          </Tabs.Panel>
          <Tabs.Panel value="groups">
            <PermissionGroupsTab index={index} />
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Stack>
  );
}
