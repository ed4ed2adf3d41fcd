/**
 * Every rule that depends on time (idle and absolute session limits, code and reset-token
 * lifetimes, lockout windows) asks this clock, so tests can move time instead of sleeping.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
