import '../../data-table/test-setup';
import { CONFIRM_TEXT } from '@console/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../data-table/test-utils';
import { AlertRoot } from './alert-root';
import { confirmDelete } from './confirm-delete';
import { closeAlert, getActiveAlert, showAlert } from './alert-store';

// The alert queue is module state: a test that failed with its dialog open must not hold up the next.
afterEach(async () => {
  const active = getActiveAlert();
  if (active) closeAlert(active.id, 'dismissed');
  await waitFor(() => expect(getActiveAlert()).toBeNull());
});

describe('confirmDelete', () => {
  it('opens on Cancel, so an Enter pressed out of habit keeps the row', async () => {
    renderWithMantine(<AlertRoot />);
    const answer = confirmDelete();
    const cancel = await screen.findByRole('button', { name: CONFIRM_TEXT.cancel });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(false);
  });

  it('confirms only on the destructive button itself', async () => {
    renderWithMantine(<AlertRoot />);
    const answer = confirmDelete();
    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_TEXT.deleteConfirm }));
    await expect(answer).resolves.toBe(true);
  });

  it('an alert that only informs still opens on its one button', async () => {
    renderWithMantine(<AlertRoot />);
    const answer = showAlert({ title: 'Saved', text: 'Done' });
    const ok = await screen.findByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toMatchObject({ isConfirmed: true });
  });
});
