import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';

/**
 * Push on this phone or browser (docs/notifications.md#web-push): the one place that asks the
 * permission, subscribes with the server's VAPID key and registers the device, shared by the
 * account's This device card and the push prompt of the match pages.
 */

/** The base64url VAPID key as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** 'default' until the player answered the browser's question; null where push cannot work. */
export const pushPermission = (): NotificationPermission | null => (pushSupported() ? Notification.permission : null);

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks the permission (first, inside the tap), subscribes and registers this device. Throws a plain-words Error when refused. */
export async function turnPushOn(): Promise<{ message: string }> {
  if (!pushSupported()) throw new Error(MSG.pushNotSupported);
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(MSG.pushBlocked);
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await call(ROUTES.pushPublicKey, { fallback: MSG.pushUnavailable });
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = sub.toJSON();
  return call(ROUTES.pushSubscribe, { body: { endpoint: sub.endpoint, keys: { p256dh: json.keys!.p256dh, auth: json.keys!.auth } }, fallback: MSG.pushSubscriptionInvalid });
}

export async function turnPushOff(): Promise<{ message: string }> {
  if (!pushSupported()) throw new Error(MSG.pushNotSupported);
  const reg = await navigator.serviceWorker.ready;
  const sub = await reg.pushManager.getSubscription();
  if (sub) {
    await call(ROUTES.pushUnsubscribe, { body: { endpoint: sub.endpoint }, fallback: MSG.pushSubscriptionInvalid });
    await sub.unsubscribe();
  }
  return { message: MSG.pushUnsubscribed };
}
