import { pushEndpointKind } from './push-endpoint';
import { isPublicAddress, publicOnlyLookup } from './public-address';

describe('push endpoints', () => {
  it('accepts the public push services on their standard port only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ]) {
      expect(pushEndpointKind(ok)).toBe('public');
    }
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://u:p@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilpush.apple.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'not a url',
    ]) {
      expect(pushEndpointKind(bad)).toBeNull();
    }
  });

  it('accepts a test host on any port, still without user info', () => {
    expect(pushEndpointKind('https://127.0.0.1:4000/x', ['127.0.0.1'])).toBe('test');
    expect(pushEndpointKind('https://u@127.0.0.1:4000/x', ['127.0.0.1'])).toBeNull();
    expect(pushEndpointKind('https://localhost:4000/x', ['127.0.0.1'])).toBeNull();
  });

  it('tells public addresses from loopback, private, link-local, CGNAT and ULA ones', () => {
    for (const ip of ['8.8.8.8', '142.250.74.10', '2a00:1450:4007:80f::200a']) expect(isPublicAddress(ip)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.100.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'localhost',
    ]) {
      expect(isPublicAddress(ip)).toBe(false);
    }
  });

  it('refuses to connect where a name resolves to a private address, and hands back public ones', async () => {
    const look = (host: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) => publicOnlyLookup(host, { all }, (err, address) => (err ? reject(err) : resolve(address))));
    await expect(look('localhost', false)).rejects.toThrow(/not public/);
    await expect(look('localhost', true)).rejects.toThrow(/not public/);
    await expect(look('8.8.8.8', false)).resolves.toBe('8.8.8.8');
    await expect(look('8.8.8.8', true)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
