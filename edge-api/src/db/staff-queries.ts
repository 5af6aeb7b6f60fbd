import { and, eq, gt, isNull } from "drizzle-orm";
import type { AccountRole } from "../contract/newsroom-contract.ts";
import { newsroomSessions, staffMembers } from "./account-schema.ts";
import type { Database } from "./database.ts";

/** Where an account stands in the newsroom, read from D1 (never from a token). */
export interface NewsroomStanding {
  role: AccountRole;
  /** The session (`sessions.family_id`) has a live newsroom session: the second factor passed. */
  newsroomVerified: boolean;
}

/** One query: the account's role and whether this session passed the second factor. */
export async function newsroomStanding(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<NewsroomStanding> {
  const [row] = await db
    .select({ role: staffMembers.role, verifiedFamily: newsroomSessions.familyId })
    .from(staffMembers)
    .leftJoin(
      newsroomSessions,
      and(
        eq(newsroomSessions.familyId, familyId),
        eq(newsroomSessions.userId, staffMembers.userId),
        isNull(newsroomSessions.revokedAt),
        gt(newsroomSessions.expiresAt, now),
      ),
    )
    .where(eq(staffMembers.userId, userId))
    .limit(1);
  if (!row) return { role: "reader", newsroomVerified: false };
  return { role: row.role, newsroomVerified: row.verifiedFamily !== null };
}
