import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Scheme = 'light' | 'dark';

/**
 * What axe finds on the page, as lines a spec can expect to be empty. It waits until no skeleton is
 * left, and asks for reduced motion first: a theme switch starts the buttons' 0.15 s colour
 * transition and a roster change the lobby's flash, and axe measuring a colour halfway through one
 * reports a contrast the page never settles on. `schemes` checks each theme in turn (the page's
 * own otherwise); `seriousOnly` keeps the serious and critical findings.
 */
export async function axeViolations(page: Page, { schemes, seriousOnly = false }: { schemes?: Scheme[]; seriousOnly?: boolean } = {}): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const found: string[] = [];
  for (const colorScheme of schemes ?? [undefined]) {
    await page.emulateMedia({ reducedMotion: 'reduce', ...(colorScheme ? { colorScheme } : {}) });
    // Two frames for the new scheme to reach every element: measured at once, a link's `color: inherit`
    // text still had the other theme's ink on the new theme's card (1.03:1) in about half the runs.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    for (const v of result.violations) {
      if (seriousOnly && v.impact !== 'serious' && v.impact !== 'critical') continue;
      const where = v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ');
      found.push(`${colorScheme ? `${colorScheme} ` : ''}${v.id} (${v.impact}): ${where}`);
    }
  }
  return found;
}

/** Both themes, dark first. */
export const BOTH_THEMES: Scheme[] = ['dark', 'light'];
