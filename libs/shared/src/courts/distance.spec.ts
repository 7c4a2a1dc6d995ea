import fc from 'fast-check';
import { boundingBox, haversineMeters, isLatLng } from './distance';

describe('distance', () => {
  it('measures a known distance', () => {
    // Rucker Park to the Cage (West 4th St), Manhattan: about 13.3 km.
    const d = haversineMeters({ lat: 40.8296, lng: -73.9362 }, { lat: 40.7311, lng: -74.0005 });
    expect(d).toBeGreaterThan(12_000);
    expect(d).toBeLessThan(13_000);
  });

  it('the box holds every point within the radius', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (lat, lng, bearing, f) => {
          const r = 50_000;
          const dLat = ((r * f * Math.cos(bearing)) / 6_371_008.8) * (180 / Math.PI);
          const p = { lat: lat + dLat, lng: lng + (dLat * Math.tan(bearing)) / Math.max(0.01, Math.cos((lat * Math.PI) / 180)) };
          fc.pre(isLatLng(p.lat, p.lng) && haversineMeters({ lat, lng }, p) <= r);
          const box = boundingBox({ lat, lng }, r);
          return p.lat >= box.minLat && p.lat <= box.maxLat && p.lng >= box.minLng && p.lng <= box.maxLng;
        },
      ),
    );
  });

  it('refuses positions off the globe', () => {
    expect(isLatLng(91, 0)).toBe(false);
    expect(isLatLng(0, Number.NaN)).toBe(false);
    expect(isLatLng(45, -120)).toBe(true);
  });
});
