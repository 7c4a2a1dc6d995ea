import request from 'supertest';
import type { SignupPayload } from '@gotnext/shared';

let counter = 0;

/** Every test player's password unless a test picks another. */
export const PLAYER_PASSWORD = 'hoops123';

/** A valid signup payload with unique username and e-mail. */
export function newPlayer(overrides: Partial<SignupPayload> = {}): SignupPayload {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Jordan',
    lastName: 'Baller',
    phoneNumber: '+15551234567',
    email: `player${tag}@example.com`,
    username: `player${tag}`,
    password: PLAYER_PASSWORD,
    dateOfBirth: '1998-04-12',
    height: `6'1`,
    weight: '185 lbs',
    bio: 'Pickup regular.',
    state: 'CA',
    ...overrides,
  };
}

/** Signs a player up and logs them in; returns the token and id. */
export async function signupAndLogin(url: string, overrides: Partial<SignupPayload> = {}) {
  const player = newPlayer(overrides);
  const created = await request(url).post('/api/signup').send(player).expect(201);
  const login = await request(url).post('/api/login').send({ identifier: player.username, password: player.password }).expect(200);
  return { player, userId: created.body.user_id as number, token: login.body.token as string };
}
