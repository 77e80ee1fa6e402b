/**
 * A full disk: a write that fails for want of
 * space is answered 503 with DISK_FULL_MESSAGE (never 500), and `GET /health` answers the
 * same 503 from then until a write succeeds again or DISK_FULL_HOLD_MS pass without
 * another such failure, so a load balancer or monitor sees the server degraded.
 */

/** The answer while the disk is full (503 `service_unavailable`). */
export const DISK_FULL_MESSAGE =
  "The server's disk is full, so changes cannot be saved. Please try again later.";

/** How long health stays degraded after the last disk-full failure with no write since, ms. */
export const DISK_FULL_HOLD_MS = 30_000;

/**
 * Node's ENOSPC and EDQUOT (a file under DATA_DIR: PGlite, the mail outbox) and
 * PostgreSQL's `disk_full` (53100), also when `error` wraps them in its `cause` chain.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    if (typeof message === 'string' && /No space left on device/i.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Whether the disk was found full (see the file comment). */
export interface StorageState {
  /** Records a write that failed for want of space. */
  reportDiskFull(): void;
  /** Records a write that succeeded: the disk has room again. */
  reportWrite(): void;
  /** True from a disk-full failure until a write succeeds or the hold passes. */
  diskFull(): boolean;
}

/** Creates the state; `now` is the clock, epoch ms. */
export function createStorageState(
  holdMs: number = DISK_FULL_HOLD_MS,
  now: () => number = Date.now,
): StorageState {
  let fullAt: number | undefined;
  return {
    reportDiskFull() {
      fullAt = now();
    },
    reportWrite() {
      fullAt = undefined;
    },
    diskFull() {
      if (fullAt !== undefined && now() - fullAt >= holdMs) fullAt = undefined;
      return fullAt !== undefined;
    },
  };
}
