import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, resetBrowserTimeZone } from './time-zone';

const intlZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetBrowserTimeZone();
  });

  it("reads Temporal's zone when the browser has Temporal, without building a date format", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Berlin' } });
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Europe/Berlin');
    expect(format).not.toHaveBeenCalled();
  });

  it("falls back to Intl's zone without Temporal, or when Temporal throws", () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(intlZone());
    resetBrowserTimeZone();
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
      },
    });
    expect(browserTimeZone()).toBe(intlZone());
  });

  it('reads the zone once', () => {
    const timeZoneId = vi.fn(() => 'America/New_York');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    browserTimeZone();
    expect(browserTimeZone()).toBe('America/New_York');
    expect(timeZoneId).toHaveBeenCalledTimes(1);
  });
});
