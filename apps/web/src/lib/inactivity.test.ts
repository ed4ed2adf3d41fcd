import { describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, heartbeatIntervalMs, inactivityPhase, nextHeartbeatAt, warningWindowMs } from './inactivity';

describe('warningWindowMs', () => {
  it('warns for the last 60 s of the default 10 minutes', () => {
    expect(warningWindowMs(600_000)).toBe(60_000);
    expect(warningWindowMs(3_600_000)).toBe(60_000);
  });
  it('warns for the last 10 % of a short timeout', () => {
    expect(warningWindowMs(20_000)).toBe(2000);
  });
});

describe('inactivityPhase', () => {
  const timeout = 600_000;
  it('is active before the warning window', () => {
    expect(inactivityPhase(1000 + 100_000, 1000, timeout)).toEqual({ phase: 'active', warnInMs: 440_000 });
  });
  it('warns with the remaining time in the last minute', () => {
    expect(inactivityPhase(550_000, 0, timeout)).toEqual({ phase: 'warning', remainingMs: 50_000 });
  });
  it('expires at the timeout', () => {
    expect(inactivityPhase(600_000, 0, timeout)).toEqual({ phase: 'expired' });
  });
});

describe('nextHeartbeatAt', () => {
  it('sends nothing without new input', () => {
    expect(nextHeartbeatAt(5000, 4000)).toBeNull();
  });
  it('sends at once when the last heartbeat is a minute old', () => {
    expect(nextHeartbeatAt(0, 70_000)).toBe(70_000);
  });
  it('defers to one minute after the last heartbeat otherwise', () => {
    expect(nextHeartbeatAt(10_000, 20_000)).toBe(10_000 + HEARTBEAT_INTERVAL_MS);
  });
  it('beats at most once a minute, faster only for short timeouts', () => {
    expect(heartbeatIntervalMs(600_000)).toBe(60_000);
    expect(heartbeatIntervalMs(20_000)).toBe(5000);
    expect(heartbeatIntervalMs(1000)).toBe(1000);
  });
});
