/** How long a dialog that is closing may hold focus before the user is taken to have moved on. */
const DIALOG_CLOSE_WAIT_MS = 1_500;

/** On <body>, or on a control just disabled (Chrome moves focus off it only at its next rendering step). */
const focusIsLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || (active as HTMLButtonElement).disabled === true;
};
const inDialog = () => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]'));

/**
 * Runs `restore` if focus is lost (fallen to <body> as the focused element was removed, or left on
 * a control that was disabled), now or once a dialog that still holds it has closed: a confirm
 * dialog closes with a transition, and what it confirmed may finish first. Focus anywhere else
 * means the user has moved on: `restore` does not run. Returns a cancel function (for an effect's
 * cleanup), which tells whether it was still waiting for a dialog.
 */
export function whenFocusLost(restore: () => void): () => boolean {
  if (focusIsLost()) {
    restore();
    return () => false;
  }
  if (!inDialog()) return () => false;
  const until = performance.now() + DIALOG_CLOSE_WAIT_MS;
  let waiting = true;
  let frame = requestAnimationFrame(function wait() {
    if (focusIsLost()) {
      waiting = false;
      restore();
    } else if (inDialog() && performance.now() < until) frame = requestAnimationFrame(wait);
    else waiting = false;
  });
  return () => {
    cancelAnimationFrame(frame);
    return waiting;
  };
}
