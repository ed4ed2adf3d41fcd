import '../data-table/test-setup';
import { Skeleton } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderWithMantine } from '../data-table/test-utils';
import { LoadingBlock } from './loading-block';

const violations = async (container: HTMLElement) => (await axeViolations(container)).map((v) => v.id);

describe('LoadingBlock', () => {
  it('is a status named by its label, and axe finds nothing to refuse', async () => {
    const { container } = renderWithMantine(<LoadingBlock label="Loading permissions" height={480} radius="md" />);
    expect(screen.getByRole('status', { name: 'Loading permissions' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });

  it('a bare Skeleton with a label is what axe refuses (the check above can fail)', async () => {
    const { container } = renderWithMantine(<Skeleton height={480} aria-label="Loading permissions" />);
    expect(await violations(container)).toContain('aria-prohibited-attr');
  });
});
