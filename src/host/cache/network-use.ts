import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether a build reached the network (fetched a document or rendered a chart): what it read there
 * is in no input file, so its result cannot be keyed by them. Kept per asynchronous call chain, so
 * that builds running side by side note their own use only.
 */
const networkUse = new AsyncLocalStorage<{ used: boolean }>();

/** Runs `build` and tells whether it reached the network. */
export async function watchNetworkUse<T>(build: () => Promise<T>): Promise<{ value: T; usedNetwork: boolean }> {
  const state = { used: false };
  const value = await networkUse.run(state, build);
  return { value, usedNetwork: state.used };
}

/** Called where the host fetches or renders from the network. */
export function noteNetworkUse(): void {
  const state = networkUse.getStore();
  if (state) state.used = true;
}
