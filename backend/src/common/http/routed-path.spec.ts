import { routedPath } from './routed-path';

describe('routedPath', () => {
  it('decodes escaped letters and reserved characters once, and drops the query', () => {
    expect(routedPath('/api/%64ocs/json?x=%61')).toBe('/api/docs/json');
    expect(routedPath('/%61pi/user')).toBe('/api/user');
    expect(routedPath('/api/docs%2Fjson#top')).toBe('/api/docs/json');
    expect(routedPath('/api/%2564ocs')).toBe('/api/%64ocs');
    expect(routedPath('/plain/path')).toBe('/plain/path');
  });

  it('is null for a malformed escape', () => {
    for (const url of ['/api/%zz', '/api/user%', '/%E0%A4%A', '/api/docs/%C0%AF']) expect(routedPath(url)).toBeNull();
  });
});
