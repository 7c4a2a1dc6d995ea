import { useSyncExternalStore } from 'react';
import { applyTheme, readTheme, THEME_KEY, type ThemeChoice } from './themeChoice';

export { applyTheme, readTheme, type ThemeChoice };

/**
 * Light or dark (docs/product.md#appearance): the system's `prefers-color-scheme` unless the player
 * picked one in the account preferences; that choice is kept on this device and set as
 * `data-theme` on <html>, which the theme variables in styles.css follow. index.html's boot script
 * applies it before the first paint (src/boot/boot.ts); this module keeps it current afterwards.
 */
const listeners = new Set<() => void>();

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  applyTheme(choice);
  listeners.forEach((l) => l());
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, readTheme);
}
