import { CONFIRM_TEXT } from '@console/contract';
import { showAlert } from './alert-store';

export type ConfirmDeleteTexts = { title?: string; text?: string; confirmButtonText?: string; cancelButtonText?: string };

/**
 * The spec's delete confirmation (s.8 texts unless the caller passes others); true when the user
 * confirmed. Fits the data table's `onConfirmDelete` as it is.
 */
export async function confirmDelete(texts: ConfirmDeleteTexts = {}): Promise<boolean> {
  const result = await showAlert({
    icon: 'warning',
    title: texts.title ?? CONFIRM_TEXT.deleteTitle,
    text: texts.text ?? CONFIRM_TEXT.deleteBody,
    showCancelButton: true,
    confirmButtonText: texts.confirmButtonText ?? CONFIRM_TEXT.deleteConfirm,
    cancelButtonText: texts.cancelButtonText ?? CONFIRM_TEXT.cancel,
    // red.9: white text on Mantine's default red (shade 6) is 3.3:1 (axe color-contrast).
    confirmColor: 'red.9',
    // The APG alert dialog: a destructive one opens on its least destructive button, so an Enter
    // pressed out of habit (or twice on the row's Delete button) keeps the row.
    focusCancel: true,
  });
  return result.isConfirmed;
}
