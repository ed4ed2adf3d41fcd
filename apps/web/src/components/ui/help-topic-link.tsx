import { Anchor, VisuallyHidden } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** 'About …': a help topic (/docs/<slug>) in a new tab, as the forms link theirs. */
export function HelpTopicLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <Anchor
      href={`/docs/${slug}`}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      display="inline-flex"
      style={{ alignItems: 'center', gap: 4 }}
    >
      <IconHelpCircle size={16} aria-hidden />
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
