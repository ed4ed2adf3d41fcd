export { AlertRoot } from './alert-root';
export { type AlertIcon, type AlertOptions, type AlertResult, showAlert } from './alert-store';
export { type ConfirmDeleteTexts, confirmDelete } from './confirm-delete';
