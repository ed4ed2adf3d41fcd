import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { getAppConfig } from '../../lib/app-config';
import classes from './components/docs.module.css';
import { DocsLayout } from './components/docs-layout';
import { DOC_SECTIONS, DOC_TOPICS } from './topics';

/** /docs: every help topic, grouped. */
export default function DocsIndexPage() {
  const { productName, supportEmail } = getAppConfig();
  return (
    <DocsLayout title="Help">
      <Stack gap="xl">
        <div>
          <Title order={1}>{productName} Help</Title>
          <Text c="dimmed" mt={6}>
            Short guides to every screen and form. The help icons next to form fields open the matching section here.
          </Text>
        </div>
        {DOC_SECTIONS.map((section) => {
          const topics = DOC_TOPICS.filter((t) => t.section === section);
          const headingId = `section-${section.toLowerCase().replace(/\s+/g, '-')}`;
          return (
            <section key={section} aria-labelledby={headingId}>
              <Title order={2} size="h3" id={headingId} mb="sm">
                {section}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {topics.map((topic) => (
                  <li key={topic.slug}>
                    <Paper component={Link} to={`/docs/${topic.slug}`} withBorder radius="md" p="md" className={classes.topicCard}>
                      <Text fw={600} c="var(--mantine-color-anchor)">
                        {topic.title}
                      </Text>
                      <Text size="sm" c="dimmed" mt={4}>
                        {topic.summary}
                      </Text>
                    </Paper>
                  </li>
                ))}
              </SimpleGrid>
            </section>
          );
        })}
        <Text size="sm" c="dimmed">
          Cannot find what you need? Write to {supportEmail}.
        </Text>
      </Stack>
    </DocsLayout>
  );
}
