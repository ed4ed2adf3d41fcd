import { DELAYS } from '@console/contract';
import type { ComponentType } from 'react';

/** The error a lazy screen fails with when its chunk has not arrived in time (spec s.8). */
class ChunkLoadError extends Error {
  constructor(ms: number) {
    super(`Loading chunk failed: no answer within ${Math.round(ms / 1000)} s`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Races a dynamic import against the spec's 120 s chunk-load timeout. The import starts in the
 * next task: Vite's preload helper inserts a `<link rel="modulepreload">` per chunk the screen
 * needs, and on a cold load that ran inside the router's first navigation, making one task of
 * both (0.12-0.19 s at Lighthouse's phone speed, issue 17). A task later costs a few ms.
 */
function withChunkTimeout<T>(load: () => Promise<T>, ms: number = DELAYS.chunkLoadTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(ms)), ms);
    const started = new Promise<void>((next) => setTimeout(next, 0)).then(load);
    started.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A react-router `lazy` route loader with the chunk-load timeout. */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>, ms?: number) {
  return async () => {
    const module = await withChunkTimeout(load, ms);
    return { Component: module.default };
  };
}
