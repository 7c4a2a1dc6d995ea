import { useSyncExternalStore } from 'react';

/**
 * Light or dark (docs/product.md#appearance): the system's `prefers-color-scheme` unless the player
 * picked one in the account preferences; that choice is kept on this device and set as
 * `data-theme` on <html>, which the theme variables in styles.css follow.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'gotnext_theme';
const listeners = new Set<() => void>();

export function readTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice = readTheme()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  applyTheme(choice);
  listeners.forEach((l) => l());
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readTheme,
  );
}
