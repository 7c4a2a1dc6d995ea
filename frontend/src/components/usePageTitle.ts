import { useEffect } from 'react';

const APP_NAME = 'GotNext';

/** Sets the tab title to "GotNext – <screen>" (or just "GotNext") while the screen is shown. */
export function usePageTitle(screen?: string): void {
  useEffect(() => {
    document.title = screen ? `${APP_NAME} – ${screen}` : APP_NAME;
  }, [screen]);
}
