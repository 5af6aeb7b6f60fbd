/**
 * The release registry's rules, free of I/O so they are unit-tested (docs/decisions/0006).
 * `live` is the live build id; `history` the released build ids, oldest first, whose last
 * entry is the live one.
 */
export interface RegistryState {
  live: string | null;
  history: string[];
}

export interface Plan {
  state: RegistryState;
  changed: boolean;
  message: string;
}

/** How many releases the history remembers (rollback can go back this far while kept). */
export const HISTORY_LIMIT = 20;

export function parseHistory(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Makes `buildId` live. `previous` is what served before the registry had an entry (the
 * `current.json` build before this build ran), so the very first release can be rolled back.
 */
export function planRelease(state: RegistryState, buildId: string, previous: string | null): Plan {
  const live = state.live ?? previous;
  if (state.live === buildId) {
    return { state, changed: false, message: `${buildId} is already live; nothing to release` };
  }
  let history = state.history.length > 0 ? [...state.history] : live ? [live] : [];
  if (history.at(-1) !== live && live) history.push(live);
  history.push(buildId);
  history = history.filter((id, i) => id !== history[i - 1]).slice(-HISTORY_LIMIT);
  return {
    state: { live: buildId, history },
    changed: true,
    message: `released ${buildId}${live && live !== buildId ? ` (was ${live})` : ""}`,
  };
}

/**
 * Makes the release before the live one live again. `isKept` says whether a build's code is
 * still carried (browser folder and server bundle); a build that is not cannot go live.
 */
export function planRollback(state: RegistryState, isKept: (buildId: string) => boolean): Plan {
  if (!state.live)
    throw new Error("nothing has been released yet, so there is nothing to roll back");
  const history = [...state.history];
  while (history.length > 0 && history.at(-1) === state.live) history.pop();
  const target = history.at(-1);
  if (!target)
    throw new Error(`${state.live} is the only release; there is nothing to roll back to`);
  if (!isKept(target)) {
    throw new Error(
      `the previous release ${target} is no longer kept on disk (only the newest builds are); ` +
        "release a build instead",
    );
  }
  return {
    state: { live: target, history },
    changed: true,
    message: `rolled back from ${state.live} to ${target}`,
  };
}
