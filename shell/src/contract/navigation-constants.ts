/**
 * Names the shell's server and browser code must agree on. Kept free of zod so that no schema
 * library reaches the browser (docs/decisions/0007-javascript-budget.md).
 */

export const NAVIGATE_ENDPOINT = "/_edge/navigate";
export const BOOT_DATA_ELEMENT_ID = "edge-boot";
export const APP_ELEMENT_ID = "app";
/** React `identifierPrefix` of the shell's own root, on the server and in the browser. */
export const SHELL_IDENTIFIER_PREFIX = "shell-";
export const FRAGMENT_ROOT_ATTRIBUTE = "data-fragment-root";

/**
 * The roles an access token may name (issue 13): readers, and the staff roles of the newsroom.
 * The shell reads them only for the newsroom's door and chrome; the API decides what each may do.
 */
export const viewerRoles = ["reader", "contributor", "editor", "admin"] as const;
export type ViewerRole = (typeof viewerRoles)[number];
