// A tiny observable store: `get`, `set` (shallow merge), `subscribe`.
// Screens subscribe and redraw the parts they own.

export interface Store<S extends object> {
  get(): S;
  set(patch: Partial<S>): void;
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S, previous: S) => void>();
  return {
    get: () => state,
    set(patch) {
      const previous = state;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
