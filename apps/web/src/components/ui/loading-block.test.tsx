import '../data-table/test-setup';
import { MantineProvider, Skeleton } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { LoadingBlock } from './loading-block';

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => v.id);
}

describe('LoadingBlock', () => {
  it('is a status named by its label, and axe finds nothing to refuse', async () => {
    const { container } = render(
      <MantineProvider>
        <LoadingBlock label="Loading permissions" height={480} radius="md" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading permissions' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('a bare Skeleton with a label is what axe refuses (the check above can fail)', async () => {
    const { container } = render(
      <MantineProvider>
        <Skeleton height={480} aria-label="Loading permissions" />
      </MantineProvider>,
    );
    expect(await violations(container)).toContain('aria-prohibited-attr');
  });
});
