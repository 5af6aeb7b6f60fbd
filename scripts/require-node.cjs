// Plain CommonJS that any Node runs: the repository's scripts are TypeScript run by Node's type
// stripping, which an older Node (e.g. a system Node 20) meets with a stack trace. `npm run`
// puts the Node 24 that `npm ci` installs (devDependency "node") first on the PATH, so this only
// fails when that install is missing or a script is run with another Node by hand.
/* global require, __dirname, process, console */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file any Node can run */
"use strict";
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

const range = JSON.parse(readFileSync(join(__dirname, "..", "package.json"), "utf8")).engines.node;
const minimum = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range);
if (!minimum) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
const have = process.versions.node.split(".").map(Number);
const want = minimum.slice(1).map(Number);
const older =
  have[0] !== want[0]
    ? have[0] < want[0]
    : have[1] !== want[1]
      ? have[1] < want[1]
      : have[2] < want[2];
if (older) {
  console.error(
    `The Daily Edge's scripts need Node ${range} (they are TypeScript run by Node's type ` +
      `stripping); this is Node ${process.versions.node} (${process.execPath}). Run \`npm ci\`, ` +
      "which installs Node 24 for `npm run`, and start scripts with `npm run <script>`.",
  );
  process.exit(1);
}
