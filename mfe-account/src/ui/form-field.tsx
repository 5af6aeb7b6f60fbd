import type { HTMLInputAutoCompleteAttribute } from "react";

/**
 * A labelled input. `hint` and `error` are tied to it with aria-describedby; a field with an
 * error is marked aria-invalid. Password fields never get a `defaultValue`.
 */
export function FormField({
  id,
  name,
  label,
  type,
  autoComplete,
  hint,
  error,
  minLength,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: HTMLInputAutoCompleteAttribute;
  hint?: string;
  error?: string | undefined;
  minLength?: number;
  defaultValue?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
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
      {error && (
        <p id={errorId} className="a-field-error">
          <span className="a-visually-hidden">Error: </span>
          {error}
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
        defaultValue={type === "password" ? undefined : defaultValue}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        spellCheck={type === "text" ? undefined : false}
        autoCapitalize={type === "text" ? undefined : "none"}
      />
    </div>
  );
}
