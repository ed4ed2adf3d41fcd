export { AlertRoot } from './alert-root';
export { showAlert } from './alert-store';
export { confirmDelete } from './confirm-delete';
