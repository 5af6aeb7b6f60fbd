import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  APP_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  SHELL_IDENTIFIER_PREFIX,
} from "../contract/navigation-constants.ts";
import { checkBootData } from "../contract/navigation-checks.ts";
import { isNewsroomPath } from "../routes/route-table.ts";
import { ShellLayout } from "../ui/shell-layout.tsx";
import { ShellApp, type Layout } from "./shell-router.tsx";

const bootText = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent ?? "null";
const boot = checkBootData(JSON.parse(bootText));
const app = document.getElementById(APP_ELEMENT_ID);
if (!app) throw new Error(`#${APP_ELEMENT_ID} is missing`);
const container = app;

function hydrate(Layout: Layout): void {
  // A transition lets React hydrate in slices that yield to the browser, not in one long task.
  startTransition(() => {
    hydrateRoot(container, <ShellApp boot={boot} Layout={Layout} />, {
      identifierPrefix: SHELL_IDENTIFIER_PREFIX,
    });
  });
}

// The newsroom's chrome is a chunk of its own: readers' pages never download it. The server
// chose the chrome from the same address, so hydration matches.
if (isNewsroomPath(window.location.pathname)) {
  import("../ui/newsroom-layout.tsx")
    .then((module) => hydrate(module.NewsroomLayout))
    .catch((error: unknown) => {
      // The server HTML stays readable; links and forms work as full page loads.
      console.warn("shell: the newsroom's chrome could not start.", error);
    });
} else {
  hydrate(ShellLayout);
}
