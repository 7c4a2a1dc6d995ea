import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG, PUSH_TYPES, ROUTES, type PushSettings } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { DevicePreferences } from './DevicePreferences';

/**
 * Turning push on for this device (docs/notifications.md#web-push): permission asked, the browser
 * subscribed with the server's VAPID key, and the subscription stored through the API. The
 * browser's push service is the one thing Chromium cannot reach here, so the PushManager is faked;
 * the server side of the same flow is push.int-spec.ts (a real encrypted push, decrypted).
 */
const PUBLIC_KEY = 'BBXu-jW_5RPAopfxBnvdJ9Rv--KpT2rs1QcgJNWDZA0k5jtBzcgNPZE9YmGlCNEAchD3iZmc2By0t1fRKu6oxJ0';
const allOn = Object.fromEntries(PUSH_TYPES.map((t) => [t, true])) as unknown as PushSettings;

function fakeBrowserPush(permission: NotificationPermission) {
  let current: { endpoint: string; toJSON(): PushSubscriptionJSON; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: 'https://push.example/device-1',
      toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
      unsubscribe: async () => ((current = null), true),
    };
    return current;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => current } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  return { subscribe };
}

describe('push on this device', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('asks permission, subscribes with the server key and stores the subscription; turning it off forgets it', async () => {
    const { subscribe } = fakeBrowserPush('granted');
    const api = mockApi()
      .on(ROUTES.pushSettings, { body: { settings: allOn, devices: 0 } })
      .on(ROUTES.pushPublicKey, { body: { publicKey: PUBLIC_KEY } })
      .on(ROUTES.pushSubscribe, { body: { message: MSG.pushSubscribed } })
      .on(ROUTES.pushUnsubscribe, { body: { message: MSG.pushUnsubscribed } });
    const { user } = renderPage(<DevicePreferences />, { as: { userId: 1 } });
    const box = await screen.findByRole('checkbox', { name: 'Notify me on this device' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();

    await user.click(box);
    expect(await screen.findByText(MSG.pushSubscribed)).toBeVisible();
    expect(box).toBeChecked();
    const key = subscribe.mock.calls[0][0].applicationServerKey as Uint8Array;
    expect([key.length, key[0]]).toEqual([65, 0x04]); // an uncompressed P-256 point, decoded from base64url
    expect(api.callsTo(ROUTES.pushSubscribe).map((c) => c.body)).toEqual([{ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }]);

    await user.click(box);
    expect(await screen.findByText(MSG.pushUnsubscribed)).toBeVisible();
    expect(api.callsTo(ROUTES.pushUnsubscribe).map((c) => c.body)).toEqual([{ endpoint: 'https://push.example/device-1' }]);
    expect(box).not.toBeChecked();
  });

  it('says how to allow notifications when the browser blocks them, and stores nothing', async () => {
    const { subscribe } = fakeBrowserPush('denied');
    const api = mockApi().on(ROUTES.pushSettings, { body: { settings: allOn, devices: 0 } });
    const { user } = renderPage(<DevicePreferences />, { as: { userId: 1 } });
    const box = await screen.findByRole('checkbox', { name: 'Notify me on this device' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(await screen.findByText(MSG.pushBlocked)).toBeVisible();
    expect(subscribe).not.toHaveBeenCalled();
    expect(api.callsTo(ROUTES.pushSubscribe)).toHaveLength(0);
    expect(box).not.toBeChecked();
  });
});
