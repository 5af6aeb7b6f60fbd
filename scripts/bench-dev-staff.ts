/**
 * Makes the development staff (edge-api/scripts/dev-staff.ts, as `npm start` does) in the
 * database under `EDGE_STATE_DIR` when they are missing, and prints their logins as JSON for
 * `npm run bench` (scripts/bench-sessions.ts), which signs one in with password and TOTP code.
 * A script of its own because the state folder is fixed when local-stack.ts loads.
 */
import { seedDevStaff } from "../edge-api/scripts/dev-staff.ts";

if (!process.env.EDGE_STATE_DIR) throw new Error("EDGE_STATE_DIR names the bench's state folder");
process.stdout.write(`${JSON.stringify(await seedDevStaff())}\n`);
