import { ERROR_MESSAGES, type Module, STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { Alert, Button, Container, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '../../lib/use-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Brand, MAIN_CONTENT_ID, SkipLink, TopBar } from '../../components/shell';
import { showAlert } from '../../components/ui/alert-dialog';
import { getAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/auth/session';
import { modulesQuery } from '../../lib/modules';
import { storage } from '../../lib/storage';
import page from '../../components/ui/standalone-page.module.css';
import classes from './home.module.css';
import { ModuleCard } from './module-card';
import { decideModuleNavigation } from './module-navigation';
import { NoModules } from './no-modules';

/** /home: the modules the user may open (spec s.2 "Home"). */
export default function HomePage() {
  const config = getAppConfig();
  const session = useSession();
  const navigate = useNavigate();
  const modules = useQuery(modulesQuery());

  useEffect(() => {
    storage.set(STORAGE_KEYS.menuName, 'Home');
    document.title = `Home · ${config.productName}`;
  }, [config.productName]);

  const open = (module: Module) => {
    const decision = decideModuleNavigation(module, { roleId: session?.user.roleId, productSlug: config.productSlug });
    if (decision.kind === 'navigate') {
      void navigate(decision.to);
      return;
    }
    void showAlert({ icon: 'error', title: UI_TEXT.accessDeniedTitle, text: decision.message });
  };

  const firstname = session?.user.firstname;
  return (
    <div className={page.page}>
      <SkipLink />
      <header className={page.header}>
        <TopBar leading={<Brand />} />
      </header>
      <Container size="lg" component="main" pb="xl" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <div className={classes.hero}>
          <Title order={1}>{firstname ? `Welcome back, ${firstname}` : 'Welcome back'}</Title>
          {/* The boot frame paints the first text; it changes in place (no shift) when there is nothing to choose. */}
          <Text c="dimmed" mt={4}>
            {modules.data?.length === 0 ? 'Your account has no modules yet.' : 'Choose a module to continue.'}
          </Text>
        </div>

        {modules.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading modules">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders have no identity and never reorder
              <Skeleton key={i} height={236} radius="lg" />
            ))}
          </SimpleGrid>
        )}

        {modules.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={ERROR_MESSAGES.loadPosts} radius="md">
            <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void modules.refetch()}>
              {UI_TEXT.tryAgain}
            </Button>
          </Alert>
        )}

        {modules.data && modules.data.length === 0 && <NoModules supportEmail={config.supportEmail} />}

        {modules.data && modules.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {modules.data.map((module) => (
              <ModuleCard key={module.id} module={module} onOpen={open} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </div>
  );
}
