import type { HTMLInputAutoCompleteAttribute } from "react";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH, type Problem } from "./account-view.ts";

function fieldError(problems: Problem[], fieldId: string): string | undefined {
  return problems.find((problem) => problem.fieldId === fieldId)?.message;
}

/**
 * A labelled input. `hint` and its problem (the one whose `fieldId` is its `id`) are tied to it
 * with aria-describedby; a field with a problem is marked aria-invalid. Password fields never
 * get a `defaultValue`.
 */
export function FormField({
  id,
  name,
  label,
  type,
  autoComplete,
  hint,
  problems,
  minLength,
  defaultValue,
  inputMode,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: HTMLInputAutoCompleteAttribute;
  hint?: string;
  problems: Problem[];
  minLength?: number;
  defaultValue?: string;
  /** The keyboard a phone shows: `numeric` for codes. */
  inputMode?: "numeric" | "text";
}) {
  const error = fieldError(problems, id);
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
        inputMode={inputMode}
        spellCheck={type === "text" && !inputMode ? undefined : false}
        autoCapitalize={type === "text" && !inputMode ? undefined : "none"}
      />
    </div>
  );
}

/**
 * A password input: the reader's current password, or a new one with the rules as its hint
 * (the same rules the Worker's form schema checks). Named `password` unless `name` says otherwise.
 */
export function PasswordField({
  id,
  name = "password",
  label = "Password",
  purpose,
  problems,
}: {
  id: string;
  name?: string;
  label?: string;
  purpose: "current" | "new";
  problems: Problem[];
}) {
  const isNew = purpose === "new";
  return (
    <FormField
      id={id}
      name={name}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
      hint={isNew ? PASSWORD_HINT : undefined}
      problems={problems}
    />
  );
}

/** An email address input; the reader's own address unless `name` and `label` say otherwise. */
export function EmailField({
  id,
  name = "email",
  label = "Email address",
  value,
  problems,
}: {
  id: string;
  name?: string;
  label?: string;
  value: string;
  problems: Problem[];
}) {
  return (
    <FormField
      id={id}
      name={name}
      label={label}
      type="email"
      autoComplete="email"
      defaultValue={value}
      problems={problems}
    />
  );
}
