/**
 * Messages between server processes: in-process by default, through Redis
 * pub/sub when REDIS_URL is set (cache invalidation, live AGAM counts).
 */
import { EventEmitter } from "node:events";

export type Listener = (message: string) => void;

export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: Listener): () => void;
  /** The Redis command connection, for rate limits and shared counters; undefined in-process. */
  redis?: import("ioredis").Redis;
  close(): Promise<void>;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createRedisBus(url: string): Promise<Bus> {
  const { Redis } = await import("ioredis");
  const commands = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  commands.on("error", () => {});
  subscriber.on("error", () => {});
  await Promise.all([commands.connect(), subscriber.connect()]);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  subscriber.on("message", (channel: string, message: string) => local.emit(channel, message));
  return {
    redis: commands,
    async publish(channel, message) {
      await commands.publish(channel, message);
    },
    subscribe(channel, listener) {
      local.on(channel, listener);
      const n = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, n);
      if (n === 1) void subscriber.subscribe(channel).catch(() => {});
      return () => {
        local.off(channel, listener);
        const left = (counts.get(channel) ?? 1) - 1;
        counts.set(channel, left);
        if (left === 0) void subscriber.unsubscribe(channel).catch(() => {});
      };
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([commands.quit(), subscriber.quit()]);
    },
  };
}

export function createBus(redisUrl?: string): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl) : Promise.resolve(createLocalBus());
}
