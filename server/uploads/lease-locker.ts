import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { type KeptLease, keepLease } from '../jobs/kept-lease';
import type { LeaseRepository } from '../repositories/lease-repository';

export interface LeaseLockerOptions {
  leases: LeaseRepository;
  /** This instance's lease holder id (each lock adds its own suffix). */
  holder: string;
  /** How long a lock outlives its holder's last renewal: a crashed instance's upload is free again after this. */
  ttlMs?: number;
  /** How long a request waits for the lock before tus answers 500 ERR_LOCK_TIMEOUT (the client retries). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again. */
  pollMs?: number;
}

/**
 * The tus lock of an upload, kept as a lease in the shared database (`upload:<id>`), so two instances never write
 * one upload at once. A request that finds the lock taken asks its holder to let go (tus then ends the holder's
 * request, as its in-memory locker does) and tries again until it gets it; a lock whose instance died expires after
 * `ttlMs`, since nobody renews it.
 */
export class LeaseLocker implements Locker {
  constructor(private readonly options: LeaseLockerOptions) {}

  newLock(id: string): Lock {
    return new LeaseLock(`upload:${id}`, this.options);
  }
}

class LeaseLock implements Lock {
  private kept: KeptLease | null = null;
  private readonly holder: string;

  constructor(
    private readonly name: string,
    private readonly options: LeaseLockerOptions,
  ) {
    this.holder = `${options.holder}:${randomBytes(6).toString('base64url')}`;
  }

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { leases } = this.options;
    const ttlMs = this.options.ttlMs ?? 10_000;
    const deadline = Date.now() + (this.options.acquireTimeoutMs ?? 30_000);
    let askedHolder = false;
    for (;;) {
      if (await leases.tryAcquire(this.name, this.holder, ttlMs)) {
        const release = () => void Promise.resolve(requestRelease()).catch(() => {});
        this.kept = keepLease(leases, this.name, this.holder, ttlMs, { onReleaseRequested: release });
        // Lost (renewals failed until it ran out): stop writing before another instance starts.
        this.kept.signal.addEventListener('abort', release);
        return;
      }
      if (!askedHolder) {
        askedHolder = true;
        await leases.requestRelease(this.name);
      }
      if (stop.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(this.options.pollMs ?? 100);
    }
  }

  async unlock(): Promise<void> {
    const kept = this.kept;
    this.kept = null;
    await kept?.release();
  }
}
