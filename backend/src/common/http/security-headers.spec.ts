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
    expect(apiAnswerHeaders(page)).toEqual({
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': page['cross-origin-resource-policy'],
      'strict-transport-security': page['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(page['cross-origin-resource-policy']).toBe('same-origin');
  });
});
