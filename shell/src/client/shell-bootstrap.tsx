import { hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import {
  APP_ELEMENT_ID,
  BOOT_DATA_ELEMENT_ID,
  BootDataSchema,
  SHELL_IDENTIFIER_PREFIX,
} from "../contract/navigation-contract.ts";
import { interceptLinkClicks } from "./link-interception.ts";
import { createShellRouter } from "./shell-router.tsx";

const bootText = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent ?? "null";
const boot = BootDataSchema.parse(JSON.parse(bootText));
const router = createShellRouter(boot);
const app = document.getElementById(APP_ELEMENT_ID);
if (!app) throw new Error(`#${APP_ELEMENT_ID} is missing`);
hydrateRoot(app, <RouterProvider router={router} />, {
  identifierPrefix: SHELL_IDENTIFIER_PREFIX,
});
interceptLinkClicks(router);
