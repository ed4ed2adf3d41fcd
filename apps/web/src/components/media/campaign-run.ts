/**
 * How a campaign's run reads in the list: its dates (or that it has none) and where today falls.
 * Devices are served a campaign item only between its dates (ingest.repository), so an ended
 * campaign that is still Active must say so, or the list misleads.
 */
type RunPhase = 'upcoming' | 'running' | 'ended';
export type CampaignRun = { text: string; phase: RunPhase };

/** Today as YYYY-MM-DD in the user's time zone (campaign dates are calendar dates). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function describeCampaignRun(startDate?: string | null, endDate?: string | null, today = localToday()): CampaignRun {
  const phase: RunPhase = endDate && endDate < today ? 'ended' : startDate && startDate > today ? 'upcoming' : 'running';
  if (startDate && endDate) return { text: `${startDate} – ${endDate}`, phase };
  if (startDate) return { text: `From ${startDate}`, phase };
  if (endDate) return { text: `Until ${endDate}`, phase };
  return { text: 'No dates', phase };
}
