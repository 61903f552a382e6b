const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `task` now and then once a day while the app runs. The timer does not keep the process alive; `stop` waits
 * for a run in progress so the database is not closed under it.
 */
export function startDailyTask(
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
  intervalMs = DAY_MS,
): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
