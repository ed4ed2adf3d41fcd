import { Skeleton, type SkeletonProps } from '@mantine/core';

/**
 * A named placeholder while a screen's data loads: a Skeleton announced as a status. The name
 * needs the role: an aria-label on a plain div is prohibited (axe aria-prohibited-attr), which the
 * e2e tier's axe pass caught on /platform/permissions when it ran before the permissions arrived.
 */
export function LoadingBlock({ label, ...skeleton }: { label: string } & Omit<SkeletonProps, 'role' | 'aria-label'>) {
  return <Skeleton {...skeleton} role="status" aria-label={label} />;
}
