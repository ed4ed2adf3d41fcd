import type { ProductDashboard } from '@console/contract';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconBuilding, IconShieldLock, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';

type Stat = {
  key: string;
  label: string;
  value: number;
  hint?: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
};

const number = new Intl.NumberFormat();

function dashboardStats(data: ProductDashboard): Stat[] {
  const share = data.users > 0 ? Math.round((data.activeUsers / data.users) * 100) : 0;
  return [
    { key: 'companies', label: 'Companies', value: data.companies, icon: IconBuilding, color: 'brand' },
    { key: 'users', label: 'Users', value: data.users, icon: IconUsers, color: 'accent' },
    {
      key: 'active-users',
      label: 'Active users',
      value: data.activeUsers,
      hint: `${share}% of all users`,
      icon: IconUserCheck,
      color: 'teal',
    },
    { key: 'roles', label: 'Roles', value: data.roles, icon: IconShieldLock, color: 'grape' },
    {
      key: 'sessions',
      label: 'Active sessions',
      value: data.activeSessions,
      hint: 'Signed in right now',
      icon: IconActivity,
      color: 'orange',
    },
  ];
}

/** The five counters as a list of cards; each card reads "label: value" to screen readers. */
export function StatCards({ data }: { data: ProductDashboard }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {dashboardStats(data).map(({ key, label, value, hint, icon: Icon, color }) => (
        <Paper component="li" key={key} withBorder radius="md" p="md" data-stat={key}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {label}
              </Text>
              <Text fz={28} fw={700} lh={1.2} mt={4}>
                {number.format(value)}
              </Text>
              {hint ? (
                <Text size="xs" c="dimmed" mt={2}>
                  {hint}
                </Text>
              ) : null}
            </div>
            <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
              <Icon size={22} stroke={1.7} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
