import { apiAnswerHeaders, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it("computes helmet's headers once, with the Content-Security-Policy as configured", () => {
    const headers = securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null } } });
    expect(headers['content-security-policy']).toContain("default-src 'self';");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('gives a JSON answer the REST set: loads nothing, never framed, the page headers’ transport and resource policies', () => {
    const page = securityHeaders({});
    const api = apiAnswerHeaders(page);
    expect(Object.keys(api).sort()).toEqual([
      'cache-control',
      'content-security-policy',
      'cross-origin-resource-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect([api['x-frame-options'], api['x-content-type-options'], api['cache-control']]).toEqual(['DENY', 'nosniff', 'no-store']);
    for (const kept of ['strict-transport-security', 'cross-origin-resource-policy']) expect(api[kept]).toBe(page[kept]);
    expect(page['cross-origin-resource-policy']).toBe('same-origin');
  });
});
