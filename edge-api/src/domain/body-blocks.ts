import { z } from "zod";
import type { BodyBlock } from "./api-types.ts";

/** Validates stored body JSON against the `BodyBlock` shape the API promises. */
export const bodyBlockSchema: z.ZodType<BodyBlock> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), text: z.string() }),
  z.object({ type: z.literal("heading"), text: z.string() }),
  z.object({ type: z.literal("quote"), text: z.string(), attribution: z.string().optional() }),
  z.object({ type: z.literal("list"), items: z.array(z.string()) }),
]);

export const bodyBlocksSchema = z.array(bodyBlockSchema);

/** Parses a stored body. Corrupt data is a server fault, so this throws rather than guessing. */
export function parseStoredBody(json: string): BodyBlock[] {
  return bodyBlocksSchema.parse(JSON.parse(json));
}
