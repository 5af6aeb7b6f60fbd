import type { SeedSink } from "./seed-data.ts";

const MINUTE = 60_000;

/** What the demo's live blog says, oldest first: every few minutes, two key events. */
const UPDATES: readonly { after: number; keyEvent: boolean; paragraphs: string[] }[] = [
  { after: 2, keyEvent: false, paragraphs: ["We are following this story as it develops."] },
  {
    after: 9,
    keyEvent: true,
    paragraphs: [
      "The first official statement is in.",
      "Officials said more details would follow within the hour.",
    ],
  },
  { after: 15, keyEvent: false, paragraphs: ["Our reporters are on their way to the scene."] },
  {
    after: 24,
    keyEvent: true,
    paragraphs: ["A second briefing is expected shortly; we will bring you the main points."],
  },
  { after: 31, keyEvent: false, paragraphs: ["Readers have been sending in what they can see."] },
];

/**
 * The demo's live blog (issue 16): the second newest published article is live, with five updates
 * from the minutes after it was published (no randomness, so the rest of the seed is
 * unchanged). The local stack shows a live article; the newsroom can post to it at once.
 */
export function addLiveBlog(sink: SeedSink, articleId: number, publishedAt: Date): void {
  sink.add("liveBlogs", {
    articleId,
    state: "live",
    startedAt: publishedAt,
    endedAt: null,
    updatedBy: null,
  });
  for (const update of UPDATES) {
    const at = new Date(publishedAt.getTime() + update.after * MINUTE);
    sink.add("liveUpdates", {
      articleId,
      body: JSON.stringify(update.paragraphs.map((text) => [{ text }])),
      keyEvent: update.keyEvent,
      createdAt: at,
      updatedAt: at,
    });
  }
}
