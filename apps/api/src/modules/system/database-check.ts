/** How long a health check waits for the database: less than a load balancer's probe timeout. */
const DATABASE_CHECK_TIMEOUT_MS = 750;

export interface CheckOptions {
  timeoutMs?: number;
  /** Told why a ping failed (once per ping, however many checks shared it). */
  onFailure?: (error: unknown) => void;
}

/**
 * Whether the database answers within `timeoutMs`. Checks that arrive while one is in flight
 * share it, so a burst of probes costs the database one query; each caller still gets its answer
 * within its own time limit, even when the query hangs (a server that stopped answering).
 */
export function createDatabaseCheck(
  ping: () => Promise<void>,
  { timeoutMs = DATABASE_CHECK_TIMEOUT_MS, onFailure = () => undefined }: CheckOptions = {},
): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    inFlight ??= ping().then(
      () => true,
      (error: unknown) => {
        onFailure(error);
        return false;
      },
    );
    const current = inFlight;
    void current.then(() => {
      if (inFlight === current) inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    return Promise.race([current, timeout]).finally(() => clearTimeout(timer));
  };
}
