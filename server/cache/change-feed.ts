import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Told what changed: the key within the listener's topic (a folder, an event id), or `null` for "anything may have
 * changed" — after a gap in which another instance's announcements could have been missed.
 */
export type ChangeListener = (key: string | null) => void;

/**
 * The one way a process says "what you cached about X is out of date" to itself and to every other instance on the
 * same database. Caches subscribe to a topic; writers publish the topic and key after their write has committed.
 */
export interface ChangeFeed {
  /**
   * Tells this process's listeners at once (synchronously, so the next request here is exact) and every other
   * instance as soon as the transport carries it.
   */
  publish(topic: string, key: string): void;
  subscribe(topic: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/** What carries announcements between instances: PostgreSQL NOTIFY, or a watch for other processes' writes. */
export interface ChangeTransport {
  /** Starts receiving: `message` for another process's announcement, `gap` when some may have been missed. */
  start(handlers: { message(payload: string): void; gap(): void }): Promise<void>;
  /** Sends one announcement to the other instances (resolves once it is handed to the database). */
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}

/** What travels between instances. `origin` lets a process skip its own announcements: it applied them already. */
const announcementSchema = z.object({ origin: z.string(), topic: z.string(), key: z.string() });

export interface ChangeFeedOptions {
  transport?: ChangeTransport;
  /** Where a failed send or a malformed announcement is reported. */
  onError?: (error: unknown) => void;
}

/**
 * A change feed: in-process alone, or across instances through a transport. Listeners never throw into the writer:
 * a failing listener is reported and the others still run.
 */
export async function createChangeFeed(options: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const { transport } = options;
  const report = options.onError ?? (() => undefined);
  const origin = randomBytes(9).toString('base64url');
  const listeners = new Map<string, Set<ChangeListener>>();
  const sending = new Set<Promise<void>>();
  let closed = false;

  function deliver(topic: string, key: string | null): void {
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(key);
      } catch (error) {
        report(error);
      }
    }
  }

  await transport?.start({
    message(payload) {
      let parsed: z.infer<typeof announcementSchema>;
      try {
        parsed = announcementSchema.parse(JSON.parse(payload));
      } catch (error) {
        report(error);
        return;
      }
      if (parsed.origin !== origin) deliver(parsed.topic, parsed.key);
    },
    gap() {
      for (const topic of listeners.keys()) deliver(topic, null);
    },
  });

  return {
    publish(topic, key) {
      deliver(topic, key);
      if (!transport || closed) return;
      const sent = transport.send(JSON.stringify({ origin, topic, key })).catch(report);
      sending.add(sent);
      void sent.finally(() => sending.delete(sent));
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    /** Lets the announcements already made reach the database, then stops. */
    async close() {
      closed = true;
      await Promise.all(sending);
      await transport?.close();
    },
  };
}
