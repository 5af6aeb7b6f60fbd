// Types of the generated `dist/server/releases.js` (package.json "imports": "#releases").
import type { ReleaseMap } from "shell/fragment-kit/server";

export declare const releases: ReleaseMap;
