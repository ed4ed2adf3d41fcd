import '../data-table/test-setup';
import { LIVE_TEXT } from '@console/contract';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLiveStatus } from '../../lib/live-status';
import { LiveIndicator } from './live-indicator';

const PATH = '/live/test';
afterEach(() => setLiveStatus(PATH, undefined));

describe('LiveIndicator', () => {
  it('says Live while the stream delivers, and Stale with the last update time while it is cut', () => {
    render(
      <MantineProvider>
        <LiveIndicator path={PATH} />
      </MantineProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(LIVE_TEXT.connecting);
    act(() => setLiveStatus(PATH, { state: 'live', freshAt: Date.now() }));
    expect(status).toHaveTextContent(LIVE_TEXT.live);
    expect(status).toHaveAttribute('aria-live', 'polite');
    const at = new Date(2026, 10, 27, 9, 5, 7).getTime();
    act(() => setLiveStatus(PATH, { state: 'down', freshAt: at }));
    expect(status).toHaveTextContent(LIVE_TEXT.stale('09:05:07'));
    act(() => setLiveStatus(PATH, { state: 'stopped', freshAt: at }));
    expect(status).toHaveTextContent(LIVE_TEXT.stopped('09:05:07'));
  });

  it('shows the newer of the cut and the last refetch (polling may have brought newer data)', () => {
    const cut = new Date(2026, 10, 27, 9, 5, 7).getTime();
    setLiveStatus(PATH, { state: 'down', freshAt: cut });
    render(
      <MantineProvider>
        <LiveIndicator path={PATH} updatedAt={cut + 65_000} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_TEXT.stale('09:06:12'));
  });
});
