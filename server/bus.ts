/**
 * Messages between server processes: in-process by default, through Redis
 * pub/sub when REDIS_URL is set (cache invalidation, live AGAM counts).
 */
import { EventEmitter } from "node:events";

export type Listener = (message: string) => void;

/** "Content changed" (message: the area): caches drop their copies; the pages announce "agam" after a registration. */
export const CONTENT_CHANGED_CHANNEL = "content-changed";

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

/**
 * Worker processes of one machine without Redis: messages go through the primary
 * process (server/index.ts relays every bus message to every worker, the sender included).
 */
export function createClusterBus(): Bus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const onMessage = (m: unknown) => {
    const msg = m as { bus?: { channel: string; message: string } };
    if (msg?.bus) local.emit(msg.bus.channel, msg.bus.message);
  };
  process.on("message", onMessage);
  return {
    async publish(channel, message) {
      process.send?.({ bus: { channel, message } });
    },
    subscribe(channel, listener) {
      local.on(channel, listener);
      return () => local.off(channel, listener);
    },
    async close() {
      process.off("message", onMessage);
      local.removeAllListeners();
    },
  };
}

export function createBus(redisUrl?: string): Promise<Bus> {
  if (redisUrl) return createRedisBus(redisUrl);
  return Promise.resolve(process.env.BUS_VIA_PRIMARY === "1" && process.send ? createClusterBus() : createLocalBus());
}
