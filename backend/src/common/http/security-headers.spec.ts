import { securityHeaders } from './security-headers';

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
});
