/**
 * Runs `work` every `everyMs`, one run after the other (the next is timed from the end of the
 * last), until the returned stop is called; it resolves once a run under way has finished. A
 * failed run is handed to `failed` and the next one tries again. The sweeps every instance runs
 * (the due-date alerts, the requests for information) time themselves with it.
 */
export function repeatEvery(everyMs: number, work: () => Promise<unknown>, failed: (error: Error) => void): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = work().catch(failed).finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
