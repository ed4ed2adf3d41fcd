import { Group, Text } from '@mantine/core';
import { getAppConfig } from '../../lib/app-config';

/** Product mark + name; the product name is configurable (PRODUCT_NAME). */
export function Brand({ subtitle, size = 'md' }: { subtitle?: string; size?: 'md' | 'lg' }) {
  const { productName } = getAppConfig();
  const mark = size === 'lg' ? 44 : 34;
  return (
    <Group gap="sm" wrap="nowrap">
      <img src="/images/logo.svg" alt="" width={mark} height={mark} />
      <div style={{ minWidth: 0 }}>
        <Text fw={700} size={size === 'lg' ? 'xl' : 'md'} lh={1.15} truncate>
          {productName}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2} truncate>
          {subtitle ?? 'Staff Console'}
        </Text>
      </div>
    </Group>
  );
}
