import { courtLocalHour } from './court-local-time';

describe('courtLocalHour', () => {
  it("reads the hour in the court's own time zone", () => {
    const at = new Date('2026-07-01T12:30:00Z');
    expect(courtLocalHour({ lat: 40.8296, lng: -73.9362 }, at)).toBe(8); // New York, EDT
    expect(courtLocalHour({ lat: 51.5072, lng: -0.1276 }, at)).toBe(13); // London, BST
    expect(courtLocalHour({ lat: 35.6762, lng: 139.6503 }, at)).toBe(21); // Tokyo
  });
});
