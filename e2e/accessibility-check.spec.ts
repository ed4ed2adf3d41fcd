// The shared accessibility check (support/axe.ts) itself. A toast still fading when axe read the
// page had colours no user reads, its text blended into the page, and the colour-contrast rule
// failed on them now and then in CI (#f9f9f9 on #fff, #5a5a5a on #b1b1b1). Here a toast's own
// opacity transition is held still part-way, so that moment is met on every run.
import { expectAccessible } from './support/axe';
import { expect, signIn, test } from './support/fixtures';

test('the accessibility check measures a toast caught mid-fade at the colours it settles to', async ({ page }, testInfo) => {
  await signIn(page, 'admin', { fresh: true });
  const signedIn = page.locator('[data-toast-type]').first();
  await expect(signedIn).toBeVisible();
  // The pointer on a toast stops its auto-close, so it stays in the page through the check.
  await signedIn.hover({ position: { x: 20, y: 10 } });
  // Fade it out as Mantine does (its state opacity to 0, the 300 ms transition its inline style
  // declares), and pause the transition where the toast is 60 % transparent.
  await signedIn.evaluate((toastElement) => {
    toastElement.addEventListener('transitionrun', () => {
      const running = toastElement.getAnimations();
      const duration = Number(running[0]?.effect?.getComputedTiming().duration ?? 0);
      for (let part = 0; part <= 1 && Number(getComputedStyle(toastElement).opacity) > 0.4; part += 0.01) {
        for (const animation of running) {
          animation.pause();
          animation.currentTime = duration * part;
        }
      }
    });
    (toastElement as HTMLElement).style.setProperty('--notifications-state-opacity', '0');
  });
  const look = () =>
    signedIn.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), transition: getComputedStyle(el).transitionProperty }));
  await page.waitForTimeout(400); // longer than the fade: only the pause holds it
  const held = await look();
  expect(held.opacity, 'the toast is held part-way through its fade').toBeGreaterThan(0.2);
  expect(held.opacity).toBeLessThan(0.6);

  await expectAccessible(page, 'home with a toast mid-fade', testInfo);

  // The check leaves the page's own transitions in place.
  expect((await look()).transition).toBe(held.transition);
  expect(held.transition).toContain('opacity');
});
