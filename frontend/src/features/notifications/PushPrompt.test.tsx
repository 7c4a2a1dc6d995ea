import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { PUSH_PROMPT_DISMISSED_KEY, PushPrompt } from './PushPrompt';

/**
 * The push prompt of the match pages (docs/notifications.md#the-push-prompt). The browser's push
 * service is the one thing the test cannot reach, so Notification and the PushManager are faked,
 * as in DevicePreferences.test.tsx.
 */
const PUBLIC_KEY = 'BBXu-jW_5RPAopfxBnvdJ9Rv--KpT2rs1QcgJNWDZA0k5jtBzcgNPZE9YmGlCNEAchD3iZmc2By0t1fRKu6oxJ0';

function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const sub = { endpoint: 'https://push.example/device-1', toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }) };
  const registration = { pushManager: { subscribe: vi.fn(async () => sub), getSubscription: async () => null } };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  return { requestPermission };
}

const prompt = () => renderPage(<PushPrompt text={MSG.pushPromptLobby} />, { as: { userId: 1 } });

describe('the push prompt', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('offers push while the browser has not been asked; Turn on asks, subscribes and registers the device', async () => {
    const { requestPermission } = fakeBrowser('default');
    const api = mockApi()
      .on(ROUTES.pushPublicKey, { body: { publicKey: PUBLIC_KEY } })
      .on(ROUTES.pushSubscribe, { body: { message: MSG.pushSubscribed } });
    const { user } = prompt();
    const box = screen.getByRole('complementary', { name: 'Notifications on this device' });
    expect(box).toHaveTextContent(MSG.pushPromptLobby);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.pushSubscribed);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(api.callsTo(ROUTES.pushSubscribe).map((c) => c.body)).toEqual([{ endpoint: 'https://push.example/device-1', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }]);
    expect(screen.queryByRole('complementary', { name: 'Notifications on this device' })).toBeNull();
  });

  it('says so in plain words when the player blocks it in the browser', async () => {
    fakeBrowser('default', 'denied');
    const { user } = prompt();
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.pushBlocked);
  });

  it('Not now hides it, and it stays hidden on this device', async () => {
    fakeBrowser('default');
    const { user, unmount } = prompt();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY)).toBe('true');
    unmount();
    prompt();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it.each(['granted', 'denied'] as const)('is not shown once the browser has the answer (%s)', (permission) => {
    fakeBrowser(permission);
    prompt();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('is not shown where push cannot work', () => {
    prompt();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
