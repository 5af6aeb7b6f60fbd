import type { Viewer } from "../contract/fragment-contract.ts";
import { hrefFor, type NewsroomAccess } from "../contract/site-addresses.ts";

/**
 * The newsroom's door (issue 13, decision 0015), kept by the shell before any fragment is asked:
 * - `staff` pages: anonymous visitors log in first, readers are turned away (403), staff whose
 *   session has not passed the second factor enter their code first;
 * - `second-factor` pages (entering or enrolling the code): any member of staff signed in with
 *   a password; anonymous visitors log in first, readers are turned away;
 * - `open` pages (accepting an invitation): anyone.
 * Which role may do what on a page is the API's to decide, on every call.
 */
export type DoorDecision =
  { kind: "enter" } | { kind: "redirect"; location: string } | { kind: "forbidden" };

const ENTER: DoorDecision = { kind: "enter" };

export function isStaff(viewer: Viewer): boolean {
  return viewer !== null && viewer.role !== undefined && viewer.role !== "reader";
}

export function newsroomDoor(level: NewsroomAccess, viewer: Viewer, url: URL): DoorDecision {
  if (level === "open") return ENTER;
  // The address asked for, query included, so the person lands where they meant to go.
  const next = `${url.pathname}${url.search}`;
  if (viewer === null)
    return { kind: "redirect", location: hrefFor("account.login", {}, { next }) };
  if (!isStaff(viewer)) return { kind: "forbidden" };
  if (level === "staff" && viewer.newsroomVerified !== true) {
    return { kind: "redirect", location: hrefFor("account.newsroom-sign-in", {}, { next }) };
  }
  return ENTER;
}

/**
 * What every answer on a newsroom address carries (SECURITY 31-36): never stored by a browser or
 * a cache, never indexed, and no Referer leaves it (invitation and preview addresses carry
 * tokens; story addresses name unpublished work).
 */
export function applyNewsroomHeaders(headers: Headers): void {
  headers.set("cache-control", "no-store");
  headers.set("x-robots-tag", "noindex");
  headers.set("referrer-policy", "no-referrer");
}
