/**
 * ptcc/bullmq: ptcc runs on BullMQ and Redis, across processes and machines, with the
 * typed API of ptcc/queue. Optional peers: `bullmq` (6 or later) and `ioredis`, loaded when
 * a backend, journal or limiter first connects. See docs/scale-out.md.
 */
export { bullmqBackend, type Backoff, type BullmqBackendOptions } from "./backend.js";
export { redisJournal, type RedisJournal, type RedisJournalOptions } from "./redis-journal.js";
export { redisLimiter, type RedisLimiter, type RedisLimiterOptions } from "./redis-limiter.js";
export type { RedisConnection } from "./connection.js";
