import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { LIVE_API_PATHS, type BulkUploadFile as BulkUploadRow, type BulkUploadKind, type BulkUploadStatus } from '@console/contract';
import { useLivePolling } from '../../lib/live-status';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { bulkKeys } from './bulk-upload-api';
import { useChangeEffect } from '../../lib/use-change-effect';

/** The fallback poll while something is processing and the kind's live stream is cut. */
const LIVE_POLL_MS = 2000;
/** A just-uploaded row that never shows up on a visible page stops being awaited after this. */
const TRACK_FOR_MS = 5 * 60_000;

const isActive = (status: BulkUploadStatus) => status === 'pending' || status === 'processing';

/**
 * Which uploads are still being worked on: the rows the last upload answered with, until a
 * list shows them finished, and any pending/processing row the pending-failed list shows.
 * State lives on the server; this only decides when to ask again.
 */
export class LiveTracker {
  private tracked = new Map<number, number>();
  private visibleActive = new Set<number>();
  /** Rows a list has shown finished: an answer that arrives after that must not track them again. */
  private finished = new Set<number>();

  /**
   * The rows an upload answered with (all pending). A small job can finish before the answer
   * reaches the page, and the lists (read again when the upload settles) may already show it
   * finished: such a row is not tracked, and `true` says the work it stood for is already done.
   */
  track(rows: readonly Pick<BulkUploadRow, 'id' | 'status'>[], now = Date.now()): boolean {
    let alreadyDone = false;
    for (const row of rows) {
      if (this.finished.has(row.id)) alreadyDone = true;
      else if (isActive(row.status)) this.tracked.set(row.id, now);
    }
    return alreadyDone;
  }

  /** Rows of a list page as they came from the server. */
  observe(rows: readonly Pick<BulkUploadRow, 'id' | 'status'>[]): void {
    for (const row of rows) {
      if (isActive(row.status)) {
        this.visibleActive.add(row.id);
        this.finished.delete(row.id); // retried
      } else {
        this.visibleActive.delete(row.id);
        this.tracked.delete(row.id);
        this.finished.add(row.id);
      }
    }
  }

  /** A page no longer shows these ids as active (removed, or moved to another page). */
  forgetVisible(ids: Iterable<number>): void {
    for (const id of ids) this.visibleActive.delete(id);
  }

  busy(now = Date.now()): boolean {
    for (const [id, since] of this.tracked) if (now - since > TRACK_FOR_MS) this.tracked.delete(id);
    return this.tracked.size > 0 || this.visibleActive.size > 0;
  }
}

/**
 * The kind's live stream (its job's progress, uploads by others) refreshes the two lists; while
 * that stream is cut, they are polled every LIVE_POLL_MS as long as something is pending or
 * processing. When work ends, `onIdle` lets the host list (the media or actions themselves)
 * refresh. `enabled`: the caller may view the lists (the stream needs the same key).
 */
export function useLiveStatus(kind: BulkUploadKind, onIdle: () => void, enabled = true) {
  const queryClient = useQueryClient();
  const path = LIVE_API_PATHS.bulkUploads(kind);
  useLiveUpdates(
    path,
    useMemo(() => ({ 'bulk-uploads': [bulkKeys.kind(kind)] }), [kind]),
    enabled,
  );
  const polling = useLivePolling(path, LIVE_POLL_MS) !== false;
  const [tracker] = useState(() => new LiveTracker());
  const [busy, setBusy] = useState(false);
  const lastPage = useRef(new Map<string, number[]>());
  const update = useCallback(() => setBusy(tracker.busy()), [tracker]);

  const track = useCallback(
    (rows: readonly BulkUploadRow[]) => {
      // Finished before its answer arrived: busy never turns on, so refresh the host list here.
      if (tracker.track(rows)) onIdle();
      update();
    },
    [tracker, update, onIdle],
  );
  const observe = useCallback(
    (list: string, rows: readonly BulkUploadRow[]) => {
      tracker.forgetVisible(lastPage.current.get(list) ?? []);
      lastPage.current.set(
        list,
        rows.map((r) => r.id),
      );
      tracker.observe(rows);
      update();
    },
    [tracker, update],
  );

  const wasBusy = useRef(false);
  // `busy` follows the lists' answers (useChangeEffect, lib/use-change-effect.ts).
  useChangeEffect(() => {
    if (wasBusy.current && !busy) onIdle();
    wasBusy.current = busy;
    if (!busy || !polling) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: bulkKeys.kind(kind) });
      update();
    }, LIVE_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, polling, kind, onIdle, queryClient, update]);

  return { busy, track, observe, path };
}
