import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  APP_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  SHELL_IDENTIFIER_PREFIX,
} from "../contract/navigation-constants.ts";
import { checkBootData } from "../contract/navigation-checks.ts";
import { ShellApp } from "./shell-router.tsx";

const bootText = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent ?? "null";
const boot = checkBootData(JSON.parse(bootText));
const app = document.getElementById(APP_ELEMENT_ID);
if (!app) throw new Error(`#${APP_ELEMENT_ID} is missing`);
// A transition lets React hydrate in slices that yield to the browser, not in one long task.
startTransition(() => {
  hydrateRoot(app, <ShellApp boot={boot} />, { identifierPrefix: SHELL_IDENTIFIER_PREFIX });
});
