// The Lua scripts of RedisTaskStore: each runs as one step in Redis (EVAL is atomic), so two
// instances that change one task at once never interleave inside a check-then-write.
//
// A task is a hash `task:<id>`: p (principal), t (the task's JSON), s (its status), by (the instance
// running it), ttl (its ttlMs, "" for null). `meta` holds each task's client (TaskPlacement.holder)
// and size, `hbytes` the bytes of each client's tasks and `bytes` those of all. The sorted set `all`
// scores each task by when it expires: its deadline while unfinished, ttlMs after its end once
// finished; a sweep by score ends the unfinished ones as failed and drops the finished ones. Per
// client, the set `live:<client>` holds its unfinished tasks (the quota) and the sorted set
// `done:<client>` its finished ones by end time (the oldest go first). An instance is alive while
// its key `alive:<instance>` exists (renewed by a timer): a running task whose instance is gone is
// an orphan, and is failed when next read or counted.
//
// Every script takes KEYS: the task's hash, `all`; ARGV[1..11]: the prefix, the error code, the
// orphan message, the time as ISO text, maxTotal, maxPerPrincipal, maxFinishedPerPrincipal,
// maxBytes, maxBytesPerPrincipal, the expiry messages of a working and of an input_required task;
// its own arguments from ARGV[12]. Refusals are { bound, would } (TaskStoreBound).

const COMMON = `
local P, CODE, ORPHANED, NOWISO = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[4]
local MAX_TOTAL, MAX_LIVE, MAX_DONE, MAX_BYTES, MAX_HBYTES = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local EXPIRED = { working = ARGV[10], input_required = ARGV[11] }
local ALL = KEYS[2]
local function clock()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function terminal(s) return s == 'completed' or s == 'failed' or s == 'cancelled' end
local function tkey(id) return P .. 'task:' .. id end
local function live(h) return P .. 'live:' .. h end
local function done(h) return P .. 'done:' .. h end
local function meta(id)
  local m = redis.call('HGET', P .. 'meta', id)
  if m then return cjson.decode(m) end
  return nil
end
local function addBytes(h, n)
  if redis.call('HINCRBY', P .. 'hbytes', h, n) == 0 then redis.call('HDEL', P .. 'hbytes', h) end
  redis.call('INCRBY', P .. 'bytes', n)
end
-- Forgets a task and everything counted for it.
local function remove(id)
  local m = meta(id)
  if m then
    addBytes(m.h, -m.n)
    redis.call('SREM', live(m.h), id)
    redis.call('ZREM', done(m.h), id)
    redis.call('HDEL', P .. 'meta', id)
  end
  redis.call('ZREM', ALL, id)
  redis.call('DEL', tkey(id))
end
-- Writes a task's JSON, keeping its client's and the store's bytes.
local function write(id, status, text)
  local m = meta(id)
  addBytes(m.h, #text - m.n)
  m.n = #text
  redis.call('HSET', P .. 'meta', id, cjson.encode(m))
  redis.call('HSET', tkey(id), 't', text, 's', status)
end
-- Ends a task: kept ttlMs from now, no longer in its client's quota, its client's oldest finished past the bound dropped.
local function finish(id, status, text, now)
  local key = tkey(id)
  write(id, status, text)
  redis.call('HDEL', key, 'by')
  local ttl = redis.call('HGET', key, 'ttl')
  local score = '+inf'
  if ttl ~= '' then
    score = now + tonumber(ttl)
    redis.call('PEXPIREAT', key, score)
  end
  redis.call('ZADD', ALL, score, id)
  local h = meta(id).h
  redis.call('SREM', live(h), id)
  redis.call('ZADD', done(h), now, id)
  local extra = redis.call('ZCARD', done(h)) - MAX_DONE
  if extra > 0 then
    for _, old in ipairs(redis.call('ZRANGE', done(h), 0, extra - 1)) do remove(old) end
  end
end
-- Fails a running task as message says, keeping what it said of itself (all scalars).
local function fail(id, message, now)
  local was = cjson.decode(redis.call('HGET', tkey(id), 't'))
  local task = { taskId = was.taskId, status = 'failed', createdAt = was.createdAt, lastUpdatedAt = NOWISO,
    ttlMs = was.ttlMs, pollIntervalMs = was.pollIntervalMs, statusMessage = was.statusMessage,
    error = { code = CODE, message = message } }
  return task
end
-- A running task whose instance stopped: failed.
local function orphan(id, now)
  local f = redis.call('HMGET', tkey(id), 's', 'by')
  if not f[1] or terminal(f[1]) or redis.call('EXISTS', P .. 'alive:' .. f[2]) == 1 then return false end
  finish(id, 'failed', cjson.encode(fail(id, ORPHANED, now)), now)
  return true
end
-- A task still unfinished at its deadline: failed, its statusMessage saying why.
local function expire(id, now)
  local s = redis.call('HGET', tkey(id), 's')
  local message = EXPIRED[s] or EXPIRED.working
  local task = fail(id, message, now)
  task.statusMessage = message
  finish(id, 'failed', cjson.encode(task), now)
end
-- True when the task is unfinished and past its deadline (then it has just been expired).
local function expired(id, now)
  local s = redis.call('HGET', tkey(id), 's')
  local score = redis.call('ZSCORE', ALL, id)
  if s and not terminal(s) and score and tonumber(score) <= now then
    expire(id, now)
    return true
  end
  return false
end
local function sweep(now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', ALL, '-inf', now)) do
    local s = redis.call('HGET', tkey(id), 's')
    if s and not terminal(s) then expire(id, now) else remove(id) end
  end
end
-- The bound count more tasks and delta more bytes of client h would break, had it freedN bytes and freedC tasks fewer.
local function over(h, delta, count, freedN, freedC)
  if redis.call('ZCARD', ALL) - freedC + count > MAX_TOTAL then return { 'total', 0 } end
  local hb = tonumber(redis.call('HGET', P .. 'hbytes', h) or '0') - freedN
  if hb + delta > MAX_HBYTES then return { 'client-bytes', hb + delta } end
  local tb = tonumber(redis.call('GET', P .. 'bytes') or '0') - freedN
  if tb + delta > MAX_BYTES then return { 'bytes', tb + delta } end
  return false
end
-- Makes room by dropping client h's own oldest finished tasks, only if that is enough; else the refusal.
local function room(h, delta, count)
  local why = over(h, delta, count, 0, 0)
  if not why then return false end
  local olds = redis.call('ZRANGE', done(h), 0, -1)
  local freed = 0
  for _, id in ipairs(olds) do
    local m = meta(id)
    if m then freed = freed + m.n end
  end
  if over(h, delta, count, freed, #olds) then return why end
  for _, id in ipairs(olds) do
    remove(id)
    if not over(h, delta, count, 0, 0) then return false end
  end
  return false
end
`;

/** ARGV from 12: principal, holder, task JSON, instance, ttl ("" for null), deadlineMs. Returns { "ok" }, { "exists" } or a refusal. */
export const CREATE = `${COMMON}
local now = clock()
local principal, holder, text, instance, ttl, deadline = ARGV[12], ARGV[13], ARGV[14], ARGV[15], ARGV[16], tonumber(ARGV[17])
sweep(now)
if redis.call('SCARD', live(holder)) >= MAX_LIVE then
  -- Before refusing: this client's running tasks whose instance died end now, and count no more.
  for _, id in ipairs(redis.call('SMEMBERS', live(holder))) do orphan(id, now) end
  if redis.call('SCARD', live(holder)) >= MAX_LIVE then return { 'live', 0 } end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return { 'exists', 0 } end
local why = room(holder, #text, 1)
if why then return why end
local task = cjson.decode(text)
redis.call('HSET', KEYS[1], 'p', principal, 't', text, 's', task.status, 'by', instance, 'ttl', ttl)
redis.call('HSET', P .. 'meta', task.taskId, cjson.encode({ h = holder, n = #text }))
addBytes(holder, #text)
redis.call('ZADD', ALL, now + deadline, task.taskId)
redis.call('SADD', live(holder), task.taskId)
return { 'ok', 0 }
`;

/** ARGV from 12: principal, task id. Returns the task's JSON or false. */
export const GET = `${COMMON}
if redis.call('HGET', KEYS[1], 'p') ~= ARGV[12] then return false end
local now = clock()
if not expired(ARGV[13], now) then orphan(ARGV[13], now) end
return redis.call('HGET', KEYS[1], 't')
`;

/** ARGV from 12: principal, task id, task JSON, its status. Returns { "ok" } when written, { "no" } when not, or a refusal. */
export const PUT = `${COMMON}
local principal, id, text, status = ARGV[12], ARGV[13], ARGV[14], ARGV[15]
local f = redis.call('HMGET', KEYS[1], 'p', 's')
if f[1] ~= principal or terminal(f[2]) then return { 'no', 0 } end
local now = clock()
if expired(id, now) then return { 'no', 0 } end
local why = room(meta(id).h, #text - meta(id).n, 0)
if why then return why end
if terminal(status) then finish(id, status, text, now) else write(id, status, text) end
return { 'ok', 0 }
`;
