import { createHash } from 'node:crypto';
import type { RedisClient } from './redis.module';

const SHAS = new Map<string, string>();

/**
 * A Lua script by its SHA (EVALSHA), sending the source only when Redis does not know it yet
 * (first use, or after Redis restarted and forgot it: NOSCRIPT). EVAL would send and hash the
 * whole source on every call.
 */
export async function runScript<T>(redis: RedisClient, script: string, keys: string[], args: string[]): Promise<T> {
  let sha = SHAS.get(script);
  if (!sha) SHAS.set(script, (sha = createHash('sha1').update(script).digest('hex')));
  try {
    return (await redis.evalSha(sha, { keys, arguments: args })) as T;
  } catch (err) {
    if (!String((err as Error)?.message).startsWith('NOSCRIPT')) throw err;
    return (await redis.eval(script, { keys, arguments: args })) as T;
  }
}
