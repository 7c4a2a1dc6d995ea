import { expect, type Page } from '@playwright/test';

/**
 * What a player taps is at least 44 x 44 px on a phone: its box, its label (a checkbox or radio), or
 * its hit area (probed at the corners of a 44 px square around its centre). Answers the elements of
 * `selectors` that fail, each with its size, so a spec can expect an empty list.
 */
export async function smallTapTargets(page: Page, selectors: string[]): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  return page.evaluate((selectors) => {
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selectors.join(',')))) {
      if (el.closest('.site-nav') && !el.closest('.site-nav.is-open')) continue; // in the closed phone menu
      if (el.getBoundingClientRect().width === 0) continue;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined;
      const box = label ? label.getBoundingClientRect() : r;
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const hits = [
        [-21, -21],
        [21, -21],
        [-21, 21],
        [21, 21],
      ].every(([dx, dy]) => {
        const hit = document.elementFromPoint(cx + dx, cy + dy);
        return !!hit && (el.contains(hit) || (!!label && label.contains(hit)));
      });
      if (!hits) small.push(`${el.tagName.toLowerCase()}.${el.className || ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, selectors);
}
