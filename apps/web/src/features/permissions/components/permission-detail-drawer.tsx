import { Alert, Code, Drawer, Stack, Table, Text } from '@mantine/core';
import { ERROR_MESSAGES } from '@console/contract';
import { usePermission } from '../api/get-permission';
import type { CatalogueIndex } from '../logic/grants-matrix';
import { MountWhenOpened } from '../../../components/ui/mount-when-opened';
import { LoadingBlock } from '../../../components/ui/loading-block';

type Props = { id: number | null; index: CatalogueIndex; onClose: () => void };

/** One permission group with its sub-modules (GET /permissions/{id}). */
export function PermissionDetailDrawer({ id, index, onClose }: Props) {
  const query = usePermission(id);
  const group = query.data;
  return (
    // Assembled from parts so the header is not a <header> (a second banner landmark, as in DialogFrame).
    <MountWhenOpened opened={id !== null}>
      <Drawer.Root opened={id !== null} onClose={onClose} position="right" size="md">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header role="none">
            <Drawer.Title fw={650} fz="lg">
              {group ? `${group.name} permissions` : 'Permission group'}
            </Drawer.Title>
            <Drawer.CloseButton aria-label="Close details" />
          </Drawer.Header>
          <Drawer.Body>
            {query.isPending ? <LoadingBlock label="Loading" height={200} /> : null}
            {query.isError ? <Alert color="red">{ERROR_MESSAGES.loadPosts}</Alert> : null}
            {group ? (
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  Module: {index.moduleById.get(group.moduleId)?.name ?? group.moduleId} · {group.subModules.length} keys
                </Text>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Sub-module</Table.Th>
                      <Table.Th scope="col">Key</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {group.subModules.map((sub) => (
                      <Table.Tr key={sub.id}>
                        <Table.Td>{sub.name}</Table.Td>
                        <Table.Td>
                          <Code>{sub.roleKey}</Code>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </MountWhenOpened>
  );
}
