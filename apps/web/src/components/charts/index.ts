export { ChartCard, type ChartCardProps, type ChartTableColumn } from './chart-card';
export { StatCards, type Stat } from './stat-cards';
export { DashboardFrame, DashboardGrid } from './dashboard-frame';
export { DashboardHeading, type DashboardHeadingProps, headingStateOf } from './dashboard-heading';
export { PerDayCard } from './per-day-card';
export { dayLabel, perDaySummary } from './chart-format';
export { ChartLegend, type LegendItem } from './chart-legend';
export { CountBarsCard } from './count-bars-card';
export { chartColor } from './chart-colors';
