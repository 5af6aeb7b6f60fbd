import type { Ref } from "react";
import { FRAGMENT_ROOT_ATTRIBUTE } from "../contract/navigation-constants.ts";

interface FragmentHostProps {
  fragment: string;
  /** Server HTML of the fragment; absent when the browser renders the fragment itself. */
  html?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The container a fragment owns. The shell never renders inside it: on the server it holds the
 * fragment's HTML, in the browser the fragment's own React root hydrates or renders it.
 */
export function FragmentHost({ fragment, html, ref }: FragmentHostProps) {
  const attributes = { [FRAGMENT_ROOT_ATTRIBUTE]: fragment };
  if (html === undefined) return <div ref={ref} className="s-fragment" {...attributes} />;
  return (
    <div
      ref={ref}
      className="s-fragment"
      {...attributes}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
