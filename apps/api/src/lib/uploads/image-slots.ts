import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';

/**
 * Decoding and encoding images is the one CPU-heavy thing an upload does. At most
 * min(2, cores - 1) (at least 1) images are worked on at once, and libvips gets one thread
 * per image, so parallel uploads queue here instead of taking every core from the requests
 * that only read the database. Header checks (sharp.metadata) stay outside: they are cheap, and
 * a refusal should not wait behind someone else's decode.
 */
export const IMAGE_WORK_SLOTS = Math.max(1, Math.min(2, availableParallelism() - 1));

let sharp: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on the first image instead of at start: libvips is ~9 MB of resident memory that a
 * server which never sees an image (a worker unpacking audio, a device ingesting) does not carry
 * (README "Production build and memory").
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import('sharp').then(({ default: s }) => {
    // Global to libvips: threads per pipeline. One per image keeps the bound above honest.
    s.concurrency(1);
    return s;
  });
  return sharp;
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs fn when a slot is free; slots are handed over in arrival order. */
export async function withImageSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORK_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight on; `running` stays the same
    else running--;
  }
}

/** For tests and benchmarks: images being worked on and images waiting. */
export const imageWorkLoad = () => ({ running, waiting: waiting.length });
