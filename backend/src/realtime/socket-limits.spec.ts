import { atTime } from './socket-limits';
import { originAllowed } from './redis-io.adapter';

describe('a socket closes at its token expiry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires at the time, also beyond what one setTimeout can wait (2^31-1 ms)', () => {
    const now = Date.now();
    const fired = jest.fn();
    atTime(now + 30 * 24 * 3600 * 1000, fired); // a 30-day token
    jest.advanceTimersByTime(29 * 24 * 3600 * 1000);
    expect(fired).not.toHaveBeenCalled();
    jest.advanceTimersByTime(24 * 3600 * 1000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a time already past, and never once cancelled', () => {
    const past = jest.fn();
    atTime(Date.now() - 1000, past);
    jest.advanceTimersByTime(0);
    expect(past).toHaveBeenCalledTimes(1);
    const cancelled = jest.fn();
    atTime(Date.now() + 1000, cancelled)();
    jest.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('which pages may open a socket', () => {
  const allowed = new Set(['http://localhost:5173', 'https://gotnext.example']);
  it.each([
    [undefined, 'api:3000', true], // not a browser page
    ['http://localhost:5173', 'api:3000', true], // CORS_ORIGINS
    ['http://127.0.0.1:3141', '127.0.0.1:3141', true], // the SPA the API serves
    ['http://localhost:8080', 'localhost', true], // behind nginx, Host without its port
    ['http://evil.example', 'api:3000', false],
    ['http://evil.example', 'evil.example:3000', false], // another port of the host is another origin
    ['null', 'api:3000', false],
  ])('origin %s on host %s: %s', (origin, host, ok) => {
    expect(originAllowed(origin, host, allowed)).toBe(ok);
  });
});
