import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand, ThemeToggle } from '../../../components/shell';
import { getAppConfig } from '../../../lib/app-config';
import classes from './auth-layout.module.css';

type Props = { title: string; subtitle?: ReactNode; children: ReactNode; width?: number };

/** The centred card every public auth screen uses: product name, one h1, the form. */
export function AuthLayout({ title, subtitle, children, width = 420 }: Props) {
  const { productName } = getAppConfig();
  return (
    <div className={classes.page}>
      <div className={classes.corner}>
        <ThemeToggle />
      </div>
      <main className={classes.main}>
        <Paper className={classes.card} withBorder shadow="lg" radius="lg" p={{ base: 'lg', sm: 32 }} maw={width}>
          <Stack gap="lg">
            <Brand size="lg" />
            <div>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={6}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="lg">
          © {new Date().getFullYear()} {productName}. Authorised staff only.
        </Text>
      </main>
    </div>
  );
}
