import type { LoadOutcome } from "shell/fragment-kit/server";
import { absoluteUrl } from "../../worker/page-heads.ts";
import { articleHref, toArticleView } from "../../worker/view-shapers.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  newsroomPage,
  previewExpiredPage,
  publicationView,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/preview/:token`: the story's current revision as a reader will see it, drawn by
 * the reader's own article page under a "Preview — not published" banner. Any staff member
 * may open it while it lasts (24 hours); an expired or unknown token is a 404 that says so.
 * Never indexed, never cached (newsroom pages are private).
 */

const TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

export function loadPreview(context: NewsroomContext, token: string): Promise<LoadOutcome> {
  return answering(async () => {
    if (!TOKEN.test(token)) return previewExpiredPage(context);
    const answer = await context.api.call("preview", { params: { token } });
    if (!answer.ok) {
      if (answer.status === 404 || answer.status === 410 || answer.status === 400) {
        return previewExpiredPage(context);
      }
      const common = commonFailure(context, answer, "open previews");
      if (common) return common;
      throw apiUnavailable("preview", answer);
    }
    const { article } = answer.data;
    const canonical = absoluteUrl(context.request.origin, articleHref(article));
    return newsroomPage(context, `Preview: ${article.headline}`, {
      view: "preview",
      publication: publicationView(context.publication),
      article: toArticleView(context.publication, article, canonical),
    });
  });
}
