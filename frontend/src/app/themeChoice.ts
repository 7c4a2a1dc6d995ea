/**
 * The player's stored light/dark choice (docs/product.md#appearance), without React, so the boot
 * script in index.html (src/boot/boot.ts) and the app read it the same way.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_KEY = 'gotnext_theme';

export function readTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Sets `data-theme` on <html>, which the theme variables in styles.css follow; 'system' removes it. */
export function applyTheme(choice: ThemeChoice = readTheme()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}
