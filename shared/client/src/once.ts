// A load done once: every call gets the same promise; after a failure, the next call tries again. Its own entry
// (`@bo/client/once`): the shell's boot uses it before the client itself has loaded.
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
