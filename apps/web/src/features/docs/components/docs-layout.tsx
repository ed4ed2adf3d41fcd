import { Anchor, Box, Container, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../components/shell/brand';
import { ThemeToggle } from '../../../components/shell/theme-toggle';
import { getAppConfig } from '../../../lib/app-config';
import page from '../../../components/ui/standalone-page.module.css';
import classes from './docs.module.css';

/**
 * The frame of the help pages. Public and outside the shell: help icons open these pages in a
 * new tab, also from the sign-in screens, so they cannot depend on a session.
 */
export function DocsLayout({ title, children }: { title: string; children: ReactNode }) {
  const { productName } = getAppConfig();
  useEffect(() => {
    document.title = `${title} · ${productName} Help`;
  }, [title, productName]);

  return (
    <div className={page.page}>
      <header className={page.header}>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to="/docs" underline="never" c="inherit" aria-label={`${productName} Help, all topics`}>
              <Brand subtitle="Help" />
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Anchor component={Link} to="/home" size="sm" className={classes.consoleLink}>
                <IconArrowLeft size={16} aria-hidden />
                <span>Open the console</span>
              </Anchor>
              <ThemeToggle />
            </Group>
          </Group>
        </Container>
      </header>
      <Box component="main" className={classes.main}>
        <Container size="md">{children}</Container>
      </Box>
    </div>
  );
}
