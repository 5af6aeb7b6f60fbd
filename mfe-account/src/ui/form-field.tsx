import type { HTMLInputAutoCompleteAttribute } from "react";

/** A labelled input; `hint` is tied to the input with aria-describedby. */
export function FormField({
  id,
  name,
  label,
  type,
  autoComplete,
  hint,
  minLength,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: HTMLInputAutoCompleteAttribute;
  hint?: string;
  minLength?: number;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="a-field">
      <label className="a-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="a-hint">
          {hint}
        </p>
      )}
      <input
        className="a-input"
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        minLength={minLength}
        aria-describedby={hintId}
        spellCheck={type === "text" ? undefined : false}
        autoCapitalize={type === "text" ? undefined : "none"}
      />
    </div>
  );
}
