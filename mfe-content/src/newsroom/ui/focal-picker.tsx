import { useEffect, useState, type MouseEvent } from "react";
import { fieldId } from "./form-bits.tsx";
import { MediaImage } from "./media-image.tsx";
import type { MediaImageView } from "./media-views.ts";

/**
 * The photograph on its page, with a mark at its focal point. With JavaScript an editor clicks
 * where the focal point should be and the form's two number fields (the way that works without
 * JavaScript, and with a keyboard) take the values; typing in the fields moves the mark. Until
 * the page is hydrated it is a plain figure, so the server's HTML and the first render agree.
 */

const AXES = [
  ["focalX", "clientX", "left", "width"],
  ["focalY", "clientY", "top", "height"],
] as const;

interface Focal {
  focalX: number;
  focalY: number;
}

const percent = (value: number): number => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

/** The DOM this touches, typed here: the Worker's TypeScript has no DOM library (browser.ts). */
interface NumberField {
  value: string;
  addEventListener(type: "input", listener: () => void): void;
  removeEventListener(type: "input", listener: () => void): void;
}
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

function fieldFor(form: string, name: keyof Focal): NumberField | null {
  const page = (globalThis as { document?: { getElementById(id: string): unknown } }).document;
  return (page?.getElementById(fieldId(form, name)) as NumberField | null | undefined) ?? null;
}

export function FocalPicker({
  image,
  form,
  initial,
  editable,
}: {
  image: MediaImageView;
  form: string;
  initial: Focal;
  editable: boolean;
}) {
  const [focal, setFocal] = useState(initial);
  const [interactive, setInteractive] = useState(false);

  useEffect(() => {
    if (!editable) return;
    setInteractive(true);
    const fields = AXES.map(([name]) => fieldFor(form, name));
    const follow = () => {
      const [x, y] = fields.map((field) => Number(field?.value));
      if (Number.isFinite(x) && Number.isFinite(y)) {
        setFocal({ focalX: percent(x ?? 50), focalY: percent(y ?? 50) });
      }
    };
    for (const field of fields) field?.addEventListener("input", follow);
    return () => {
      for (const field of fields) field?.removeEventListener("input", follow);
    };
  }, [editable, form]);

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    // A keyboard "click" has no position: the number fields are the keyboard's way.
    if (event.detail === 0) return;
    const box = (
      event.currentTarget as unknown as { getBoundingClientRect(): Box }
    ).getBoundingClientRect();
    const next = { ...focal };
    for (const [name, client, start, size] of AXES) {
      next[name] = percent(((event[client] - box[start]) / box[size]) * 100);
      const field = fieldFor(form, name);
      if (field) field.value = String(next[name]);
    }
    setFocal(next);
  };

  // An SVG over the photograph, the mark placed by attributes: the newsroom's Content Security
  // Policy refuses inline styles.
  const at = { cx: `${focal.focalX}%`, cy: `${focal.focalY}%` };
  const mark = (
    <svg className="c-nr-media__focal-mark" aria-hidden="true" focusable="false">
      <circle {...at} r="13" fill="none" stroke="#000" strokeWidth="5" />
      <circle {...at} r="13" fill="none" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
  return (
    <figure className="c-nr-media__photo">
      {interactive ? (
        <button type="button" className="c-nr-media__focal-pick" onClick={pick}>
          <MediaImage image={image} alt={`${image.alt} (click to set the focal point)`} />
          {mark}
        </button>
      ) : (
        <span className="c-nr-media__focal-pick">
          <MediaImage image={image} />
          {mark}
        </span>
      )}
      {interactive ? (
        <figcaption className="c-nr-hint">
          Click the photograph where its focal point should be, or type it in per cent below.
        </figcaption>
      ) : null}
    </figure>
  );
}
