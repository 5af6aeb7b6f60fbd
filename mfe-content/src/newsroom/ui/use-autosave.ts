import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { browserWindow, formFields } from "./browser.ts";

/**
 * The story editor's autosave (browser only). A few seconds after the last change the form is
 * posted to the shell's JSON navigation (`/_edge/navigate?path=<editor>`, protocol item 4) with
 * `intent=save` and `autosave=1`; the page's props come back with the new revision. A network
 * failure or an unavailable fragment is retried with backoff; a copy of the form is kept in
 * sessionStorage until it is saved, so a reload or a crash loses nothing. Leaving the page
 * with changes not yet saved asks first (beforeunload).
 */

export const NAVIGATE_ENDPOINT = "/_edge/navigate";
const QUIET_MS = 3_000;
const MAX_RETRY_MS = 60_000;

export type SaveState =
  | { kind: "clean"; savedAt: string | null }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "offline"; retryInSeconds: number }
  | { kind: "refused"; messages: string[] }
  | { kind: "conflict" }
  | { kind: "signed-out"; location: string };

export interface KeptCopy {
  keptAt: string;
  fields: Record<string, string>;
}

function storageKey(path: string): string {
  return `c-nr-unsaved:${path}`;
}

export function readKeptCopy(path: string): KeptCopy | null {
  try {
    const raw = browserWindow().sessionStorage.getItem(storageKey(path));
    if (!raw) return null;
    const copy = JSON.parse(raw) as KeptCopy;
    return typeof copy.keptAt === "string" && typeof copy.fields === "object" ? copy : null;
  } catch {
    return null;
  }
}

export function dropKeptCopy(path: string): void {
  try {
    browserWindow().sessionStorage.removeItem(storageKey(path));
  } catch {
    // Storage may be off (private mode); nothing was kept then.
  }
}

function keepCopy(path: string, fields: Record<string, string>): void {
  try {
    const copy: KeptCopy = { keptAt: new Date().toISOString(), fields };
    browserWindow().sessionStorage.setItem(storageKey(path), JSON.stringify(copy));
  } catch {
    // Full or off: autosave still runs.
  }
}

interface NavigationAnswer {
  outcome: string;
  props?: unknown;
  status?: number;
  location?: string;
}

export interface AutosaveOptions {
  formRef: RefObject<unknown>;
  /** The editor's address now (a new story gets its own after the first save). */
  path: string;
  /** The page's props after a save, to read the new revision from. */
  onSaved: (props: unknown) => void;
  /** Messages of refused fields in a 422 answer's props. */
  problemsOf: (props: unknown) => string[];
  /** No autosave (the 409 page: the person decides whether their version goes on top). */
  paused?: boolean;
}

export function useAutosave({
  formRef,
  path,
  onSaved,
  problemsOf,
  paused = false,
}: AutosaveOptions) {
  const [state, setState] = useState<SaveState>({ kind: "clean", savedAt: null });
  const dirty = useRef(false);
  const saving = useRef(false);
  const submitting = useRef(false);
  const stopped = useRef(paused);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pathRef = useRef(path);
  pathRef.current = path;
  const saveRef = useRef<() => void>(() => {});

  const schedule = useCallback((ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => saveRef.current(), ms);
  }, []);

  const retry = useCallback(() => {
    dirty.current = true;
    const delay = Math.min(2_000 * 2 ** attempt.current, MAX_RETRY_MS);
    attempt.current += 1;
    setState({ kind: "offline", retryInSeconds: Math.round(delay / 1000) });
    schedule(delay);
  }, [schedule]);

  const save = useCallback(async () => {
    const form = formRef.current;
    if (!form || stopped.current || !dirty.current) return;
    if (saving.current) {
      schedule(QUIET_MS);
      return;
    }
    const fields = formFields(form);
    const body = new URLSearchParams(fields);
    body.set("intent", "save");
    body.set("autosave", "1");
    dirty.current = false;
    saving.current = true;
    setState({ kind: "saving" });
    const savedFrom = pathRef.current;
    try {
      const response = await fetch(`${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(savedFrom)}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        // Same-origin requests carry the session cookies; the shell checks the origin.
        body: body.toString(),
      });
      if (!response.ok) throw new Error(`navigate answered ${response.status}`);
      const answer = (await response.json()) as NavigationAnswer;
      if (answer.outcome === "redirect" && answer.location) {
        dirty.current = true;
        stopped.current = true;
        setState({ kind: "signed-out", location: answer.location });
        return;
      }
      if (answer.outcome !== "fragment") throw new Error(`navigate outcome ${answer.outcome}`);
      const status = answer.status ?? 200;
      attempt.current = 0;
      if (status === 200) {
        onSaved(answer.props);
        if (dirty.current) {
          setState({ kind: "dirty" });
          schedule(QUIET_MS);
        } else {
          dropKeptCopy(savedFrom);
          setState({ kind: "clean", savedAt: new Date().toISOString() });
        }
        return;
      }
      dirty.current = true;
      if (status === 409 && problemsOf(answer.props).length === 0) {
        stopped.current = true;
        setState({ kind: "conflict" });
        return;
      }
      const messages = problemsOf(answer.props);
      setState({
        kind: "refused",
        messages: messages.length > 0 ? messages : ["This story could not be saved."],
      });
    } catch {
      retry();
    } finally {
      saving.current = false;
    }
  }, [formRef, onSaved, problemsOf, retry, schedule]);
  saveRef.current = () => void save();

  /** A change in the form: keep a copy now, save when the typing pauses. */
  const markDirty = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    dirty.current = true;
    keepCopy(pathRef.current, formFields(form));
    setState((previous) =>
      previous.kind === "offline" || previous.kind === "conflict" || previous.kind === "signed-out"
        ? previous
        : { kind: "dirty" },
    );
    if (stopped.current) return;
    if (attempt.current === 0) schedule(QUIET_MS);
  }, [formRef, schedule]);

  /** The form is being sent the ordinary way: no warning, no autosave racing it. */
  const markSubmitting = useCallback(() => {
    submitting.current = true;
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const warn = (event: { preventDefault(): void; returnValue: unknown }) => {
      if (submitting.current || (!dirty.current && !saving.current)) return;
      event.preventDefault();
      event.returnValue = "";
    };
    browserWindow().addEventListener("beforeunload", warn);
    return () => {
      browserWindow().removeEventListener("beforeunload", warn);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  return { state, markDirty, markSubmitting, saveNow: () => void save() };
}
