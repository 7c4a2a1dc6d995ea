import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG, NOTIFICATION_TYPES, type NotificationEvent, type NotificationsResponse } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { signupAndLogin } from './support/players';
import { connectSocket, nextEvent, socketReady } from './support/sockets';
import { Notifier } from '../src/notifications/notifier';
import { UnitOfWork } from '../src/database/unit-of-work';

describe('notification center: stored, listed, marked, deleted, pushed live across instances', () => {
  let env: TestEnv;
  let one: { app: NestFastifyApplication; url: string };
  let two: { app: NestFastifyApplication; url: string };
  const sockets: Socket[] = [];

  /** Creates notifications the way features do: Notifier on instance one, inside a transaction. */
  async function notify(userId: number, type: string, message: string, extra: { matchId?: number; matchType?: string } = {}) {
    const notifier = one.app.get(Notifier);
    await one.app.get(UnitOfWork).run((tx) => notifier.notify(tx, [{ userId, type, message, ...extra }]));
  }

  useTestApp({ apis: 2, beforeClose: () => sockets.forEach((s) => s.close()) }, (started) => {
    env = started.env;
    [one, two] = started.apis;
  });

  it('pushes a notification created through instance one to the socket on instance two, and lists it there', async () => {
    const p = await signupAndLogin(one.url);
    const socket = connectSocket(two.url, p.token);
    sockets.push(socket);
    await socketReady(socket);
    const arrived = nextEvent<NotificationEvent>(socket, 'notification:new');
    await notify(p.userId, NOTIFICATION_TYPES.dispute, 'The scores do not match.', { matchId: 41, matchType: '2v2' });
    const pushed = await arrived;
    expect(pushed).toMatchObject({
      type: 'dispute',
      message: 'The scores do not match.',
      read: false,
      matchId: 41,
      match_id: 41,
      matchType: '2v2',
      disputeResolved: false,
      matchCompleted: false,
    });

    const listed = await request(two.url).get('/api/notifications?timezone=America/New_York').set('authorization', `Bearer ${p.token}`).expect(200);
    const body = listed.body as NotificationsResponse;
    expect(body.unreadMessagesCount).toBe(0);
    expect(body.unreadMessagesTimestamp).toBeNull();
    // No unread messages: no synthetic item, just the stored one.
    expect(body.notifications).toEqual([{ ...pushed }]);
    expect(new Date(body.notifications[0].timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists newest first, marks all read, and deletes only the owner’s notifications', async () => {
    const p = await signupAndLogin(one.url);
    const other = await signupAndLogin(one.url);
    const auth = { authorization: `Bearer ${p.token}` };
    await notify(p.userId, NOTIFICATION_TYPES.friendRequest, 'first');
    await notify(p.userId, NOTIFICATION_TYPES.scoreReminder, 'second', { matchId: 7, matchType: '1v1' });
    await notify(other.userId, NOTIFICATION_TYPES.friendRequest, 'not yours');

    const before = (await request(one.url).get('/api/notifications').set(auth).expect(200)).body as NotificationsResponse;
    expect(before.notifications.map((n) => n.message)).toEqual(['second', 'first']);
    expect(before.notifications.every((n) => n.read === false)).toBe(true);

    expect((await request(two.url).post('/api/notifications/mark-read').set(auth).expect(200)).body.message).toBe(MSG.notificationsMarkedRead);
    const after = (await request(one.url).get('/api/notifications').set(auth).expect(200)).body as NotificationsResponse;
    expect(after.notifications.every((n) => n.read)).toBe(true);
    const [othersRow] = await env.sql<{ id: number; read: boolean }>(`SELECT id, read FROM notifications WHERE user_id = $1`, [other.userId]);
    expect(othersRow.read).toBe(false); // marking read touched only the caller's

    // Someone else's notification id answers like a missing one, and stays.
    const refused = await request(one.url).delete(`/api/notifications/${othersRow.id}`).set(auth).expect(404);
    expect(refused.body.message).toBe(MSG.notificationNotFound);
    expect(await env.sql(`SELECT 1 FROM notifications WHERE id = $1`, [othersRow.id])).toHaveLength(1);
    await request(one.url).delete('/api/notifications/not-a-number').set(auth).expect(404);

    const firstId = after.notifications[1].id;
    expect((await request(one.url).delete(`/api/notifications/${firstId}`).set(auth).expect(200)).body.message).toBe(MSG.notificationDeleted);
    const left = (await request(one.url).get('/api/notifications').set(auth).expect(200)).body as NotificationsResponse;
    expect(left.notifications.map((n) => n.message)).toEqual(['second']);
    await request(one.url).delete(`/api/notifications/${firstId}`).set(auth).expect(404);
  });

  it('treats the unread-messages item as "mark messages read" and answers mark-messages-read', async () => {
    const p = await signupAndLogin(one.url);
    const auth = { authorization: `Bearer ${p.token}` };
    expect((await request(one.url).post('/api/notifications/mark-messages-read').set(auth).expect(200)).body.message).toBe(MSG.messagesMarkedRead);
    expect((await request(one.url).delete('/api/notifications/unread_messages').set(auth).expect(200)).body.message).toBe(MSG.messagesMarkedRead);
  });

  it('requires a login for every notification call', async () => {
    await request(one.url).get('/api/notifications').expect(401);
    await request(one.url).post('/api/notifications/mark-read').expect(401);
    await request(one.url).post('/api/notifications/mark-messages-read').expect(401);
    await request(one.url).delete('/api/notifications/1').expect(401);
  });
});
