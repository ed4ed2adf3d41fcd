import { Center, Loader } from '@mantine/core';

/** In-page spinner while a lazy screen loads (the shell stays visible). */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader aria-hidden />
    </Center>
  );
}
