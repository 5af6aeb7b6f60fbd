/**
 * The few browser objects the story editor touches, typed here: the editor is type-checked with
 * the Worker too (it renders on the server), whose TypeScript has no DOM library. Everything
 * here is only called from effects and event handlers, never while rendering on the server.
 */

export interface FieldElement {
  name: string;
  value: string;
  type: string;
  checked: boolean;
  disabled: boolean;
}

export interface StorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface UnloadEvent {
  preventDefault(): void;
  returnValue: unknown;
}

export interface BrowserWindow {
  sessionStorage: StorageArea;
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  prompt(message: string, value?: string): string | null;
  addEventListener(type: "beforeunload", listener: (event: UnloadEvent) => void): void;
  removeEventListener(type: "beforeunload", listener: (event: UnloadEvent) => void): void;
}

export interface BrowserDocument {
  createElement(tag: string): { className: string; contentEditable: string };
}

export function browserWindow(): BrowserWindow {
  return (globalThis as unknown as { window: BrowserWindow }).window;
}

export function browserDocument(): BrowserDocument {
  return (globalThis as unknown as { document: BrowserDocument }).document;
}

function isField(value: unknown): value is FieldElement {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { name?: unknown }).name === "string" &&
    typeof (value as { value?: unknown }).value === "string"
  );
}

/** The form's controls that have a name. */
export function fieldsOf(form: unknown): FieldElement[] {
  const elements = (form as { elements?: ArrayLike<unknown> } | null)?.elements;
  return elements
    ? Array.from(elements)
        .filter(isField)
        .filter((f) => f.name !== "")
    : [];
}

const UNSENT = new Set(["submit", "button", "reset", "file", "image"]);

/** What the form would send (as `FormData` would, without the button pressed). */
export function formFields(form: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of fieldsOf(form)) {
    if (field.disabled || UNSENT.has(field.type)) continue;
    if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
    fields[field.name] = field.value;
  }
  return fields;
}

/** The control named `name`, if any. */
export function fieldNamed(form: unknown, name: string): FieldElement | null {
  return fieldsOf(form).find((field) => field.name === name) ?? null;
}

/** The control an input or change event came from. */
export function eventField(target: unknown): FieldElement | null {
  return isField(target) ? target : null;
}
