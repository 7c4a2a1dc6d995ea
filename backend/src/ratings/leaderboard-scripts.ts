/**
 * The Lua scripts of the leaderboard sets. Each runs atomically in Redis, so a rank read beside a
 * write can never see half of another write. Keys are built inside from the prefix passed as
 * ARGV[1] (`{REDIS_PREFIX}:leaderboard:`): one Redis server, not a cluster.
 *
 * The hash `{prefix}entries` maps a user id to `member|scope|scope…`: the member the player is
 * stored under and the scopes they are listed in.
 */

/**
 * Rewrites players' entries. ARGV after the prefix, per player: user id, new entry (`member|scopes…`
 * or '' when the player is not listed), score. Returns, per scope touched, `scope, rank before,
 * rank after` (0-based, -1 = not listed), which tells readers what their cached pages lost.
 */
export const REFRESH_SCRIPT = `
local base = ARGV[1]
local entries = base .. 'entries'
local out = {}
local function split(s)
  local parts = {}
  for part in string.gmatch(s, '[^|]+') do parts[#parts + 1] = part end
  return parts
end
for i = 2, #ARGV, 3 do
  local uid, entry, score = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local prev = redis.call('HGET', entries, uid)
  local old = prev and split(prev) or {}
  local new = entry ~= '' and split(entry) or {}
  local before = {}
  local touched = {}
  for j = 2, #old do
    before[old[j]] = redis.call('ZREVRANK', base .. old[j], old[1]) or -1
    touched[#touched + 1] = old[j]
    redis.call('ZREM', base .. old[j], old[1])
  end
  for j = 2, #new do
    redis.call('ZADD', base .. new[j], score, new[1])
    if before[new[j]] == nil then touched[#touched + 1] = new[j] end
  end
  for _, scope in ipairs(touched) do
    local after = -1
    if #new > 0 then after = redis.call('ZREVRANK', base .. scope, new[1]) or -1 end
    out[#out + 1] = scope
    out[#out + 1] = before[scope] or -1
    out[#out + 1] = after
  end
  if #new > 0 then redis.call('HSET', entries, uid, entry) else redis.call('HDEL', entries, uid) end
end
return out
`;

/**
 * Adds players that have no entry yet (a rebuild from PostgreSQL: a live refresh that got there
 * first is newer and stays). ARGV after the prefix, per player: user id, entry, score.
 */
export const ADD_MISSING_SCRIPT = `
local base = ARGV[1]
local entries = base .. 'entries'
local added = 0
for i = 2, #ARGV, 3 do
  local uid, entry, score = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HSETNX', entries, uid, entry) == 1 then
    local member = nil
    for part in string.gmatch(entry, '[^|]+') do
      if member == nil then member = part else redis.call('ZADD', base .. part, score, member) end
    end
    added = added + 1
  end
end
return added
`;

/**
 * A Lua function, for scripts that read a player's place: the member a user id is stored under
 * (from `{prefix}entries`), or nil when the player is listed nowhere. Shared by RANKS_SCRIPT and
 * the profile read (profiles/profile-cache.ts), so both find a player the same way.
 */
export const MEMBER_OF_LUA = `
local function memberOf(base, uid)
  local entry = redis.call('HGET', base .. 'entries', uid)
  return entry and string.match(entry, '^[^|]+') or nil
end
`;

/**
 * Ranks and scores of players in one scope. ARGV: prefix, scope, user ids. Returns per player
 * `rank (0-based, -1 = not listed), score, member` (score and member '' when not listed).
 */
export const RANKS_SCRIPT = `${MEMBER_OF_LUA}
local base = ARGV[1]
local key = base .. ARGV[2]
local out = {}
for i = 3, #ARGV do
  local member = memberOf(base, ARGV[i])
  local rank = member and redis.call('ZREVRANK', key, member) or false
  if rank then
    out[#out + 1] = rank
    out[#out + 1] = redis.call('ZSCORE', key, member)
    out[#out + 1] = member
  else
    out[#out + 1] = -1
    out[#out + 1] = ''
    out[#out + 1] = ''
  end
end
return out
`;

/**
 * Deletes every key under the prefix but the rebuild lock, in one atomic step (a live write can
 * never land between two deletions and leave a half-listed player). ARGV: prefix, lock key.
 */
export const CLEAR_SCRIPT = `
local cursor = '0'
local deleted = 0
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1] .. '*', 'COUNT', 1000)
  cursor = page[1]
  for _, key in ipairs(page[2]) do
    if key ~= ARGV[2] then
      redis.call('UNLINK', key)
      deleted = deleted + 1
    end
  end
until cursor == '0'
return deleted
`;
