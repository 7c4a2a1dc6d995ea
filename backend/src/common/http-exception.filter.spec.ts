import { BadRequestException, NotFoundException } from '@nestjs/common';
import { messageOf } from './http-exception.filter';

describe('messageOf', () => {
  it('takes the message of an HttpException body, first of an array', () => {
    expect(messageOf(new BadRequestException({ message: 'Bio is required.' }))).toEqual({ status: 400, message: 'Bio is required.' });
    expect(messageOf(new BadRequestException(['a', 'b']))).toEqual({ status: 400, message: 'a' });
  });

  it('maps Fastify client errors to their status and a plain sentence', () => {
    expect(messageOf(Object.assign(new Error('x'), { statusCode: 413 }))).toEqual({ status: 413, message: 'The upload is too large.' });
  });

  it('hides anything unexpected behind a generic 500', () => {
    const r = messageOf(new TypeError('cannot read property of undefined'));
    expect(r.status).toBe(500);
    expect(r.message).not.toContain('undefined');
    expect(messageOf(new NotFoundException()).status).toBe(404);
  });
});
