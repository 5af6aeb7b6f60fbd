import type { ReactNode } from "react";

const buttonClass = {
  primary: "a-button",
  secondary: "a-button a-button--secondary",
  danger: "a-button a-button--danger",
} as const;

/**
 * A form that POSTs to one of this fragment's addresses: the form token (`csrf`) first, then its hidden
 * fields (a `token`, an `intent`, the `next` path), the visible fields, and one submit button.
 */
export function AccountForm({
  action,
  csrf,
  hidden = {},
  submit,
  button = "primary",
  inline = false,
  describedBy,
  children,
}: {
  action: string;
  csrf: string;
  hidden?: Record<string, string>;
  submit: ReactNode;
  button?: keyof typeof buttonClass;
  /** A button on its own in a line or list, rather than a stacked form with fields. */
  inline?: boolean;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <form
      className={inline ? "a-inline-form" : "a-form"}
      method="post"
      action={action}
      aria-describedby={describedBy}
    >
      <input type="hidden" name="csrf" value={csrf} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button className={buttonClass[button]} type="submit">
        {submit}
      </button>
    </form>
  );
}
