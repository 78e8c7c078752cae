/**
 * At most `atOnce` runs of work at a time, the others waiting first come first served; a run that
 * ends hands its turn to the first waiting. A waiter whose `signal` aborts stops waiting (its
 * promise rejects with the signal's reason) and takes no turn.
 */
export function turns(
  atOnce: number,
): <T>(signal: AbortSignal | undefined, work: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(atOnce) || atOnce < 1) throw new RangeError('atOnce must be 1 or more');
  let running = 0;
  const waiting: (() => void)[] = [];

  function turn(signal: AbortSignal | undefined): Promise<void> {
    if (running < atOnce) {
      running += 1;
      return Promise.resolve();
    }
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('stopped waiting'));
      };
      waiting.push(go);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  return async (signal, work) => {
    await turn(signal);
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
