import type { LeaseRepository } from '../repositories/lease-repository';

export interface Renewal {
  /** False when the lease is gone: it ran out and someone else took it. */
  held: boolean;
  /** True when someone waits for the lease and asked the holder to let go. */
  releaseRequested?: boolean;
}

export interface RenewOptions {
  /** Called (once) when someone else asks for the lease; the holder should finish up and release it. */
  onReleaseRequested?: () => void;
  onRenewalError?: (error: unknown) => void;
}

export interface Renewing {
  /** Aborted when the lease is lost: a renewal found it gone, or renewals failed until it ran out. */
  readonly signal: AbortSignal;
  /** Stops renewing (waits for a renewal in flight). */
  stop(): Promise<void>;
}

/**
 * Renews a lease just taken every third of `ttlMs`, and aborts `signal` as soon as the holder cannot be sure it still
 * holds it — a renewal that finds it gone, or failed renewals up to the moment it would run out — so work done under
 * the lease stops before another holder may start the same work. `renew(now)` extends the lease to `now + ttlMs`.
 */
export function keepRenewing(
  renew: (now: number) => Promise<Renewal>,
  ttlMs: number,
  options: RenewOptions = {},
): Renewing {
  const lost = new AbortController();
  let heldUntil = Date.now() + ttlMs;
  let askedToRelease = false;
  let renewing: Promise<void> | null = null;
  const interval = Math.max(50, Math.floor(ttlMs / 3));

  const renewOnce = async () => {
    const startedAt = Date.now();
    try {
      const { held, releaseRequested } = await renew(startedAt);
      if (!held) {
        lost.abort(new Error('the lease was lost to another holder'));
        return;
      }
      heldUntil = startedAt + ttlMs;
      if (releaseRequested && !askedToRelease) {
        askedToRelease = true;
        options.onReleaseRequested?.();
      }
    } catch (error) {
      options.onRenewalError?.(error);
      // The next renewal would come too late: stop now rather than work on under a lease that may be gone.
      if (Date.now() + interval >= heldUntil) lost.abort(new Error('the lease could not be renewed'));
    }
  };

  const timer = setInterval(() => {
    if (renewing || lost.signal.aborted) return;
    renewing = renewOnce().finally(() => {
      renewing = null;
    });
  }, interval);
  timer.unref();

  return {
    signal: lost.signal,
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

export interface KeptLease {
  readonly signal: AbortSignal;
  /** Stops renewing and gives the lease up. */
  release(): Promise<void>;
}

/** Keeps a named lease of the lease table that `holder` has just taken (see keepRenewing), until released. */
export function keepLease(
  leases: Pick<LeaseRepository, 'renew' | 'release'>,
  name: string,
  holder: string,
  ttlMs: number,
  options: RenewOptions = {},
): KeptLease {
  const renewing = keepRenewing((now) => leases.renew(name, holder, ttlMs, now), ttlMs, options);
  return {
    signal: renewing.signal,
    async release() {
      await renewing.stop();
      if (!renewing.signal.aborted) await leases.release(name, holder);
    },
  };
}
