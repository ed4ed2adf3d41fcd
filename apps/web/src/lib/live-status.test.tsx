import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLiveStatus, useLivePolling } from './live-status';

const PATH = '/live/test-stream';
afterEach(() => {
  cleanup();
  setLiveStatus(PATH, undefined);
});

describe('useLivePolling', () => {
  it('polls while no stream delivers, and re-renders its screen only when that changes', async () => {
    let renders = 0;
    function Screen() {
      renders += 1;
      const interval = useLivePolling(PATH, 30_000);
      return <p data-testid="interval">{String(interval)}</p>;
    }
    render(<Screen />);
    expect(screen.getByTestId('interval')).toHaveTextContent('30000');

    await act(async () => setLiveStatus(PATH, { state: 'connecting', freshAt: 1 }));
    expect(screen.getByTestId('interval')).toHaveTextContent('false');
    const afterConnecting = renders;

    // Opening, and every event of an open stream: polling stays off, the screen is not rendered again.
    await act(async () => setLiveStatus(PATH, { state: 'live', freshAt: 2 }));
    await act(async () => setLiveStatus(PATH, { state: 'live', freshAt: 3 }));
    await act(async () => setLiveStatus(PATH, { state: 'live', freshAt: 4 }));
    expect(renders).toBe(afterConnecting);

    // Cut: it polls again.
    await act(async () => setLiveStatus(PATH, { state: 'down', freshAt: 5 }));
    expect(screen.getByTestId('interval')).toHaveTextContent('30000');
    await act(async () => setLiveStatus(PATH, { state: 'live', freshAt: 6 }));
    expect(screen.getByTestId('interval')).toHaveTextContent('false');
  });

  it('reads a status set before the screen subscribed', async () => {
    setLiveStatus(PATH, { state: 'live', freshAt: 1 });
    function Screen() {
      return <p data-testid="interval">{String(useLivePolling(PATH, 5_000))}</p>;
    }
    render(<Screen />);
    expect(screen.getByTestId('interval')).toHaveTextContent('false');
    await act(async () => setLiveStatus(PATH, undefined));
    expect(screen.getByTestId('interval')).toHaveTextContent('5000');
  });
});
