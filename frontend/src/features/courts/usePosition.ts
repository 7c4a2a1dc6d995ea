import { useEffect, useState } from 'react';

export type PositionState = { state: 'asking' | 'granted' | 'denied'; coords: { lat: number; lng: number } | null };

/** The browser's position once (no map service: only the coordinates); denied or unavailable leaves it null. */
export function usePosition(enabled: boolean): PositionState {
  const [pos, setPos] = useState<PositionState>({ state: enabled && typeof navigator !== 'undefined' && navigator.geolocation ? 'asking' : 'denied', coords: null });
  useEffect(() => {
    if (!enabled || !navigator.geolocation) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => live && setPos({ state: 'granted', coords: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      () => live && setPos({ state: 'denied', coords: null }),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return pos;
}
