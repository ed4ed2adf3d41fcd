import { describe, expect, it } from 'vitest';
import { describeCampaignRun, localToday } from './campaign-run';

describe('a campaign run as the list shows it', () => {
  const today = '2026-11-26';
  it('says what dates it has, never "… – …"', () => {
    expect(describeCampaignRun(null, null, today)).toEqual({ text: 'No dates', phase: 'running' });
    expect(describeCampaignRun('2026-12-01', null, today)).toEqual({ text: 'From 2026-12-01', phase: 'upcoming' });
    expect(describeCampaignRun(null, '2026-11-25', today)).toEqual({ text: 'Until 2026-11-25', phase: 'ended' });
    expect(describeCampaignRun('2026-11-01', '2026-11-26', today)).toEqual({ text: '2026-11-01 – 2026-11-26', phase: 'running' });
  });
  it('ends after its last day and starts on its first', () => {
    expect(describeCampaignRun('2026-10-01', '2026-11-25', today).phase).toBe('ended');
    expect(describeCampaignRun('2026-11-26', '2026-12-31', today).phase).toBe('running');
    expect(describeCampaignRun('2026-11-27', '2026-12-31', today).phase).toBe('upcoming');
  });
  it("takes today in the user's own time zone", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
