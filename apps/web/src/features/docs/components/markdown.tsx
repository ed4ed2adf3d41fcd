import { Anchor, Code, Title, Typography } from '@mantine/core';
import { Children, isValidElement, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { slugify } from '../topics';

/** Plain text of rendered children, for heading ids. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

// Markdown "##" is the page's h2 (the page title is the h1); every heading gets the id help
// icons link to (/docs/users#email).
const components: Components = {
  h1: ({ children }) => (
    <Title order={2} size="h3" id={slugify(textOf(children))}>
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title order={2} size="h3" id={slugify(textOf(children))}>
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={3} size="h4" id={slugify(textOf(children))}>
      {children}
    </Title>
  ),
  a: ({ href = '', children }) =>
    href.startsWith('/') || href.startsWith('#') ? (
      // Underlined: inside running text a link must not rely on colour alone (WCAG 1.4.1).
      <Anchor component={Link} to={href} underline="always">
        {children}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
        {children}
      </Anchor>
    ),
  code: ({ children }) => <Code>{children}</Code>,
};

/** Help text from our own markdown files. Raw HTML is never rendered (skipHtml). */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography>
      <ReactMarkdown components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
