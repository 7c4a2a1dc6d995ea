import { DEFAULT_PROFILE_PICTURE, pictureUrl } from './pictures';

describe('pictureUrl (docs/identity-rules.md#photos)', () => {
  it('falls back to the default picture', () => {
    expect(pictureUrl(null, 3)).toBe(DEFAULT_PROFILE_PICTURE);
    expect(pictureUrl('', 3)).toBe(DEFAULT_PROFILE_PICTURE);
  });
  it('uses absolute URLs as they are, plus the version', () => {
    expect(pictureUrl('https://cdn.example/p.jpg', 2)).toBe('https://cdn.example/p.jpg?v=2');
    expect(pictureUrl('https://cdn.example/p.jpg?s=1', 2)).toBe('https://cdn.example/p.jpg?s=1&v=2');
  });
  it('prefixes relative paths with the API host', () => {
    expect(pictureUrl('uploads/profile-pictures/4.jpg', 5, 'http://api.test/')).toBe('http://api.test/uploads/profile-pictures/4.jpg?v=5');
    expect(pictureUrl('/uploads/a.jpg', undefined, '')).toBe('/uploads/a.jpg');
  });
});
