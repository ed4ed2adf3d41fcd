import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { getAppConfig } from '../../lib/app-config';
import classes from './components/docs.module.css';
import { DocsLayout } from './components/docs-layout';
import { Markdown } from './components/markdown';
import { DOC_TOPICS, findTopic, topicMarkdown } from './topics';
import { useChangeEffect } from '../../lib/use-change-effect';

/** /docs/<topic>: one help page; an unknown topic gets a friendly not-found page. */
export default function DocsTopicPage() {
  const { topic: slug } = useParams();
  const { hash } = useLocation();
  const topic = findTopic(slug);
  const config = getAppConfig();

  // Help icons link to a field's heading (/docs/users#email). The lazy page renders after the
  // browser's own hash scroll, and the router's scroll restoration then resets to the top in
  // the same commit: scroll on the next frame, after both.
  // A new topic is a new page to scroll, even with the same hash; navigations commit as transitions (useChangeEffect).
  useChangeEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash, topic]);

  if (!topic) {
    return (
      <DocsLayout title="Help topic not found">
        <Stack gap="md" align="flex-start" className={classes.article}>
          <Title order={1}>Help topic not found</Title>
          <Text>
            There is no help page called <strong>{slug}</strong>. It may have moved; all topics are listed on the help home page.
          </Text>
          <Button component={Link} to="/docs" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            All help topics
          </Button>
        </Stack>
      </DocsLayout>
    );
  }

  const body = topicMarkdown(topic.slug, {
    product: config.productName,
    productSlug: config.productSlug,
    supportEmail: config.supportEmail,
  });
  const index = DOC_TOPICS.indexOf(topic);
  const next = DOC_TOPICS[index + 1];

  return (
    <DocsLayout title={topic.title}>
      <Stack gap="md">
        <nav aria-label="Breadcrumb">
          <Breadcrumbs>
            <Anchor component={Link} to="/docs" size="sm">
              Help
            </Anchor>
            <Text size="sm" c="dimmed">
              {topic.section}
            </Text>
          </Breadcrumbs>
        </nav>
        <article className={classes.article} aria-labelledby="doc-title">
          <Title order={1} id="doc-title" mb="md">
            {topic.title}
          </Title>
          <Markdown>{body}</Markdown>
        </article>
        <Group justify="space-between">
          <Anchor component={Link} to="/docs" size="sm">
            All help topics
          </Anchor>
          {next ? (
            <Anchor component={Link} to={`/docs/${next.slug}`} size="sm">
              Next: {next.title}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </DocsLayout>
  );
}
