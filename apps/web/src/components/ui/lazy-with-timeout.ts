import { DELAYS } from '@console/contract';
import { type ComponentType, lazy } from 'react';

/** The error a lazy screen fails with when its chunk has not arrived in time (spec s.8). */
export class ChunkLoadError extends Error {
  constructor(ms: number) {
    super(`Loading chunk failed: no answer within ${Math.round(ms / 1000)} s`);
    this.name = 'ChunkLoadError';
  }
}

/** Races a dynamic import against the spec's 120 s chunk-load timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = DELAYS.chunkLoadTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(ms)), ms);
    load().then(
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

/** React.lazy with the chunk-load timeout, for lazily rendered parts inside a screen. */
export function lazyWithTimeout<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ms?: number) {
  return lazy(() => withChunkTimeout(load, ms));
}

/** A react-router `lazy` route loader with the chunk-load timeout. */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>, ms?: number) {
  return async () => {
    const module = await withChunkTimeout(load, ms);
    return { Component: module.default };
  };
}
