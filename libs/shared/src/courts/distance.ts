/** Great-circle distances for "near me" and the check-in's location check (docs/courts.md#finding-a-court). */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

export function isLatLng(lat: unknown, lng: unknown): boolean {
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** Haversine distance in metres. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box that holds every point within `radiusM` of `center`: the index's
 * prefilter before the exact distance. Near a pole (or when the box would wrap the antimeridian)
 * the longitude range is the whole circle, which stays correct, only less selective.
 */
export function boundingBox(center: LatLng, radiusM: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI);
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  const cos = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = cos < 1e-9 ? 360 : dLat / cos;
  if (dLng >= 180 || center.lng - dLng < -180 || center.lng + dLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}
