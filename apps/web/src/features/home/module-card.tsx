import { IMAGE_PATHS, type Module, UI_TEXT } from '@console/contract';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './home.module.css';

/** One module on the home page: logo, name, description, 'Open'. The whole card is clickable. */
export function ModuleCard({ module, onOpen }: { module: Module; onOpen: (module: Module) => void }) {
  const headingId = useId();
  const menuCount = module.menus.length;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      onClick={() => onOpen(module)}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <img src={`${IMAGE_PATHS.modules}${module.logo}`} alt="" width={48} height={48} className={classes.logo} />
        <Text size="xs" c="dimmed" fw={500}>
          {menuCount === 0 ? 'No menus' : menuCount === 1 ? '1 menu' : `${menuCount} menus`}
        </Text>
      </Group>
      <Title order={2} id={headingId} className={classes.cardTitle}>
        {module.name}
      </Title>
      <Text size="sm" c="dimmed" className={classes.cardDescription}>
        {module.description}
      </Text>
      <Button
        variant="light"
        mt="lg"
        fullWidth
        rightSection={<IconArrowRight size={16} aria-hidden />}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(module);
        }}
      >
        {UI_TEXT.open}
      </Button>
    </Card>
  );
}
