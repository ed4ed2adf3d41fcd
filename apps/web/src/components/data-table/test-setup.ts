/**
 * Test setup shared by the data-table, form-builder and product-multi-select tests.
 * jsdom lacks a few browser APIs Mantine calls; these shims are the
 * smallest stand-ins that let components mount. Import this file first in every test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Mantine in jsdom is slow when the whole suite runs in parallel: give async queries room.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A media query's answer that never changes (jsdom lays nothing out); emulatePhoneWidth uses it too. */
export const fixedMediaQueryList = (query: string, matches: boolean): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    // An empty query matches everything in a browser.
    value: (query: string) => fixedMediaQueryList(query, query.trim() === '' || query.trim() === 'all'),
  });
}

// jsdom has no PointerEvent: Testing Library's pointer events would carry no pointerType, which
// the menus read to tell a mouse from a touch (components/ui/deferred-menu.tsx).
if (!('PointerEvent' in window)) {
  class PointerEventShim extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { writable: true, configurable: true, value: PointerEventShim });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverShim {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverShim });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverShim });
}

if (!('IntersectionObserver' in window)) {
  // jsdom lays nothing out, so nothing ever comes into view.
  class IntersectionObserverShim {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, configurable: true, value: IntersectionObserverShim });
  Object.defineProperty(globalThis, 'IntersectionObserver', { writable: true, configurable: true, value: IntersectionObserverShim });
}

// Mantine's ScrollArea and Combobox scroll options into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

// File previews use object URLs; jsdom has none.
if (!URL.createObjectURL) URL.createObjectURL = () => 'blob:preview';
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
