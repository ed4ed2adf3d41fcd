import { CONFIRM_TEXT } from '@console/contract';
import type { ConfirmDeleteRequest } from '../../../components/data-table';
import { showAlert } from '../../../components/ui/alert-dialog';

/** The spec's delete confirmation (s.8 texts); true when the user confirmed. */
export async function confirmDelete(request?: Pick<ConfirmDeleteRequest, 'title' | 'text' | 'confirmButtonText' | 'cancelButtonText'>): Promise<boolean> {
  const result = await showAlert({
    icon: 'warning',
    title: request?.title ?? CONFIRM_TEXT.deleteTitle,
    text: request?.text ?? CONFIRM_TEXT.deleteBody,
    showCancelButton: true,
    confirmButtonText: request?.confirmButtonText ?? CONFIRM_TEXT.deleteConfirm,
    cancelButtonText: request?.cancelButtonText ?? CONFIRM_TEXT.cancel,
    // red.9: white text on Mantine's default red (shade 6) is 3.3:1 (axe color-contrast).
    confirmColor: 'red.9',
  });
  return result.isConfirmed;
}
