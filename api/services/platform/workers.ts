/**
 * The background workers of this process, so a shutdown can stop every one of them: each
 * registers a name and an async `stop()` that ends it after its current item (a delivery, a
 * sweep, a build) and resolves once it is idle and has released what it holds.
 *
 *   const unregister = workers.register('webhooks', () => worker.stop());
 *   await workers.stopAll();   // shutdown: every worker at once; a failing stop is logged
 *
 * `workers` is the process's registry (api/server.ts and scripts/start.ts use it); tests make
 * their own with `createWorkerRegistry()`.
 */
export type WorkerStop = () => Promise<void>;

export type WorkerRegistry = {
  /** Adds a worker; the function returned removes it again (a worker that ended by itself). */
  register(name: string, stop: WorkerStop): () => void;
  /** The names of the workers registered now. */
  names(): string[];
  /** Stops every registered worker at once and waits for all of them; later registrations are stopped at once. */
  stopAll(): Promise<void>;
};

export function createWorkerRegistry(log: (line: string) => void = (l) => console.error(l)): WorkerRegistry {
  const running = new Map<number, { name: string; stop: WorkerStop }>();
  let next = 0;
  let stopping = false;
  const stopOne = async (name: string, stop: WorkerStop) => {
    try {
      await stop();
    } catch (err) {
      log(`[workers] ${name} did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return {
    register(name, stop) {
      if (stopping) {
        void stopOne(name, stop);
        return () => {};
      }
      const id = next++;
      running.set(id, { name, stop });
      return () => void running.delete(id);
    },
    names: () => [...running.values()].map((w) => w.name),
    async stopAll() {
      stopping = true;
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map((w) => stopOne(w.name, w.stop)));
    },
  };
}

/** This process's workers. */
export const workers: WorkerRegistry = createWorkerRegistry();
