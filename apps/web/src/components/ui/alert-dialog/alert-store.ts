import { ALERT_CLOSE_MS } from '@console/contract';
import type { ReactNode } from 'react';

export type AlertIcon = 'success' | 'error' | 'warning' | 'info';

export type AlertOptions = {
  icon?: AlertIcon;
  title: string;
  text?: ReactNode;
  confirmButtonText?: string;
  /** Shows a cancel button; pressing it resolves isDenied. */
  showCancelButton?: boolean;
  cancelButtonText?: string;
  /** Focus starts on the cancel button, not the confirm one: Enter then keeps what is at stake. */
  focusCancel?: boolean;
  /** Colour of the confirm button, e.g. 'red' for destructive actions. */
  confirmColor?: string;
  /** Auto-confirms after this many ms. */
  timer?: number;
  showCloseButton?: boolean;
  allowOutsideClick?: boolean;
  allowEscapeKey?: boolean;
  position?: 'center' | 'top';
};

/** Spec s.4: exactly one of the three is true. */
export type AlertResult = { isConfirmed: boolean; isDenied: boolean; isDismissed: boolean };
export type AlertOutcome = 'confirmed' | 'denied' | 'dismissed';

type ActiveAlert = { id: number; options: AlertOptions; opened: boolean };
type Pending = ActiveAlert & { resolve: (result: AlertResult) => void };

let queue: Pending[] = [];
let snapshot: ActiveAlert | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish() {
  const head = queue[0];
  snapshot = head ? { id: head.id, options: head.options, opened: head.opened } : null;
  for (const l of listeners) l();
}

const resultOf = (outcome: AlertOutcome): AlertResult => ({
  isConfirmed: outcome === 'confirmed',
  isDenied: outcome === 'denied',
  isDismissed: outcome === 'dismissed',
});

/**
 * Opens the alert dialog and resolves once it has closed (after its 300 ms close animation).
 * Alerts opened while another is showing wait their turn.
 */
export function showAlert(options: AlertOptions): Promise<AlertResult> {
  return new Promise((resolve) => {
    queue = [...queue, { id: nextId++, options, opened: queue.length === 0, resolve }];
    publish();
  });
}

/** Closes the showing alert with an outcome; the host calls this for buttons, Escape, outside click, timer. */
export function closeAlert(id: number, outcome: AlertOutcome): void {
  const head = queue[0];
  if (!head || head.id !== id || !head.opened) return;
  head.opened = false;
  publish();
  setTimeout(() => {
    queue = queue.slice(1);
    if (queue[0]) queue[0].opened = true;
    publish();
    head.resolve(resultOf(outcome));
  }, ALERT_CLOSE_MS);
}

export function subscribeAlerts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getActiveAlert = () => snapshot;
