// Accessibility check used on every screen: no serious or critical axe violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Fails the test (or, with soft: true, records the failure and lets the test go on). */
export async function expectAccessible(page: Page, screen: string, testInfo?: TestInfo, opts: { settleMs?: number; soft?: boolean } = {}) {
  // Let entrance animations (toasts, dialogs) settle so colours are measured as the user sees them.
  await page.waitForTimeout(opts.settleMs ?? 350);
  // A fade still running when axe reads the page (a toast closing on its own, a dialog's entrance
  // after a long task) has colours no user reads: its text blended into the page (#f9f9f9 on
  // #fff, #5a5a5a on #b1b1b1), and the colour-contrast rule failed on them now and then. With
  // transitions off, every running one ends where it was going; the tag goes once axe is done.
  // (accessibility-check.spec.ts holds a toast mid-fade to prove it.)
  const stillness = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  // axe.run in the page itself (legacy mode), not runPartial plus finishRun in a new blank page
  // with axe injected a second time; and only the violations in detail (the passes of every rule
  // are not sent back). 1.0-1.1 s per check instead of 3.0 on the users list, same violations;
  // the 126 checks of the suite were a large share of its time. Legacy mode skips cross-origin
  // frames, which the console has none of.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
    .finally(() => stillness.evaluate((tag) => tag.parentNode?.removeChild(tag)).catch(() => undefined));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (testInfo && bad.length) {
    await testInfo.attach(`axe-${screen}.json`, { body: JSON.stringify(bad, null, 2), contentType: 'application/json' });
  }
  const summary = bad
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
          .join('\n'),
    )
    .join('\n');
  (opts.soft ? expect.soft : expect)(
    bad.length,
    `axe found serious/critical violations on the ${screen} screen (${page.url()}):\n${summary}\n`,
  ).toBe(0);
}
