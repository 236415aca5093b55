// The Lua scripts of RedisTaskStore: each runs as one step in Redis (EVAL is atomic), so two
// instances that change one task at once never interleave inside a check-then-write.
//
// A task is a hash: p (principal), t (the task's JSON), s (its status), by (the instance running
// it), ttl (its ttlMs, "" for null). Two sorted sets count tasks, one in all and one per principal;
// a member's score is when its hash expires (+inf while it runs), so what has expired is swept by
// score. An instance is alive while its key `alive:<instance>` exists (renewed by a timer): a
// running task whose instance is gone is an orphan, and is failed when next read or counted.

/** Redis's clock in ms (expiry scores: one clock for every instance); `finish` ends a task; `orphan` fails one whose instance is gone. */
const COMMON = `
local function clock()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function terminal(s) return s == 'completed' or s == 'failed' or s == 'cancelled' end
-- Ends a task (its hash at key) as status with JSON text, and schedules its expiry.
local function finish(key, all, own, id, status, text, now)
  redis.call('HSET', key, 't', text, 's', status)
  redis.call('HDEL', key, 'by')
  local ttl = redis.call('HGET', key, 'ttl')
  local score = '+inf'
  if ttl ~= '' then
    score = now + tonumber(ttl)
    redis.call('PEXPIREAT', key, score)
  end
  redis.call('ZADD', all, 'XX', score, id)
  redis.call('ZADD', own, 'XX', score, id)
end
-- A running task whose instance stopped: failed, keeping what it said of itself (all scalars).
-- failure is {prefix, error code, message, lastUpdatedAt}, from the caller (ARGV).
local function orphan(key, all, own, id, failure, now)
  local f = redis.call('HMGET', key, 's', 'by', 't')
  if not f[1] or terminal(f[1]) or redis.call('EXISTS', failure[1] .. 'alive:' .. f[2]) == 1 then return false end
  local was = cjson.decode(f[3])
  local task = { taskId = was.taskId, status = 'failed', createdAt = was.createdAt, lastUpdatedAt = failure[4],
    ttlMs = was.ttlMs, pollIntervalMs = was.pollIntervalMs, statusMessage = was.statusMessage,
    error = { code = tonumber(failure[2]), message = failure[3] } }
  finish(key, all, own, id, 'failed', cjson.encode(task), now)
  return true
end
`;

/**
 * KEYS: task hash, all-set, principal's set. ARGV: the failure (4), principal, task JSON, maxTotal,
 * maxPerPrincipal, instance, ttl ("" for null). Returns "ok", "total", "principal" or "exists".
 */
export const CREATE = `${COMMON}
local now = clock()
local failure = { ARGV[1], ARGV[2], ARGV[3], ARGV[4] }
local principal, text, maxTotal, maxOwn, instance, ttl = ARGV[5], ARGV[6], tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9], ARGV[10]
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[3]) >= maxOwn then
  -- Before refusing: this principal's running tasks whose instance died end now, and count as ended.
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '+inf', '+inf')) do
    orphan(failure[1] .. 'task:' .. id, KEYS[2], KEYS[3], id, failure, now)
  end
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  if redis.call('ZCARD', KEYS[3]) >= maxOwn then return 'principal' end
end
if redis.call('ZCARD', KEYS[2]) >= maxTotal then return 'total' end
if redis.call('EXISTS', KEYS[1]) == 1 then return 'exists' end
local task = cjson.decode(text)
redis.call('HSET', KEYS[1], 'p', principal, 't', text, 's', task.status, 'by', instance, 'ttl', ttl)
redis.call('ZADD', KEYS[2], '+inf', task.taskId)
redis.call('ZADD', KEYS[3], '+inf', task.taskId)
return 'ok'
`;

/** KEYS: task hash, all-set, principal's set. ARGV: the failure (4), principal, task id. Returns the task's JSON or false. */
export const GET = `${COMMON}
if redis.call('HGET', KEYS[1], 'p') ~= ARGV[5] then return false end
orphan(KEYS[1], KEYS[2], KEYS[3], ARGV[6], { ARGV[1], ARGV[2], ARGV[3], ARGV[4] }, clock())
return redis.call('HGET', KEYS[1], 't')
`;

/** KEYS: task hash, all-set, principal's set. ARGV: the failure (4, unused), principal, task id, task JSON, its status. Returns 1 when written, 0 when not. */
export const PUT = `${COMMON}
local principal, id, text, status = ARGV[5], ARGV[6], ARGV[7], ARGV[8]
local f = redis.call('HMGET', KEYS[1], 'p', 's')
if f[1] ~= principal or terminal(f[2]) then return 0 end
if terminal(status) then
  finish(KEYS[1], KEYS[2], KEYS[3], id, status, text, clock())
else
  redis.call('HSET', KEYS[1], 't', text, 's', status)
end
return 1
`;
