import { accessDeniedMessage } from '@console/contract';
import { Alert, Badge, Box, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { Sidebar } from '../../../components/shell';
import type { ModulePreview } from '../logic/preview';
import classes from './permissions.module.css';

// Orange titles on the light orange surface are 3.6:1 (axe color-contrast): they use the body text colour.
const ALERT_STYLES = { title: { color: 'var(--mantine-color-text)' } };

type Props = { roleName: string; previews: readonly ModulePreview[]; superAdmin: boolean };

/**
 * "View as this role": the home cards, the real sidebar of each module and the buttons the
 * role would get, all from the unsaved selection.
 */
export function RolePreview({ roleName, previews, superAdmin }: Props) {
  const [picked, setPicked] = useState<string | null>(null);
  const active = previews.find((p) => p.module.slug === picked) ?? previews[0];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="preview-heading">
      <Group gap="xs" mb={4}>
        <IconEye size={18} aria-hidden />
        <Title order={3} size="h4" id="preview-heading">
          View as this role
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        What a user with the role {roleName} sees{superAdmin ? '' : ', including changes you have not saved yet'}.
      </Text>

      {previews.length === 0 ? (
        <Alert color="orange" variant="light" title="No modules" styles={ALERT_STYLES}>
          Users with this role see no module cards on the home page, only 'Please contact Admin'.
        </Alert>
      ) : (
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} mb={6}>
              Home page cards
            </Text>
            <Group gap={6}>
              {previews.map((p) => (
                <Badge key={p.module.id} variant="outline" size="lg" radius="sm" tt="none">
                  {p.module.name}
                </Badge>
              ))}
            </Group>
          </div>
          <Tabs value={active?.module.slug ?? null} onChange={setPicked} variant="pills" keepMounted={false}>
            <Tabs.List aria-label="Module to preview">
              {previews.map((p) => (
                <Tabs.Tab key={p.module.id} value={p.module.slug}>
                  {p.module.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {previews.map((p) => (
              <Tabs.Panel key={p.module.id} value={p.module.slug} pt="md">
                <ModulePreviewPanel preview={p} superAdmin={superAdmin} />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
      )}
    </Paper>
  );
}

function ModulePreviewPanel({ preview, superAdmin }: { preview: ModulePreview; superAdmin: boolean }) {
  const { module, menus, keyGroups } = preview;
  return (
    <Stack gap="md">
      {menus.length === 0 && !superAdmin ? (
        <Alert color="orange" variant="light" title="Access Denied" styles={ALERT_STYLES}>
          {accessDeniedMessage(module.name)}
        </Alert>
      ) : null}
      <div>
        <Text size="sm" fw={600} mb={6}>
          Sidebar
        </Text>
        <Box className={classes.sidebarFrame} aria-label={`Sidebar of ${module.name} as this role sees it`} role="group">
          <Sidebar preview moduleSlug={module.slug} moduleName={module.name} moduleLogo={module.logo} menus={menus} loading={false} />
        </Box>
      </div>
      <div>
        <Text size="sm" fw={600} mb={6}>
          Buttons and actions
        </Text>
        {keyGroups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No permission keys in this module: lists stay empty and no buttons show.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" className={classes.plainList}>
            {keyGroups.map((group) => (
              <li key={group.groupId}>
                <Text size="sm" fw={500}>
                  {group.name}
                </Text>
                <Group gap={4} mt={2}>
                  {group.keys.map((key) => (
                    <Badge key={key.roleKey} variant="light" radius="sm" tt="none" title={key.roleKey}>
                      {key.name}
                    </Badge>
                  ))}
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
