import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  shareCardPath,
  shareCardVersion,
  type ShareCardTarget,
} from "../../contract/media-variants.ts";
import { findArticleCardWords } from "../../db/share-card-queries.ts";
import { findSectionBySlug } from "../../db/taxonomy-queries.ts";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "../../domain/section-slugs.ts";
import { shareCardSvg, type ShareCardWords } from "../../domain/share-card-svg.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { validate } from "../request-validation.ts";
import { renderShareCardJpeg } from "../share-card-raster.ts";
import { serveStoredImage } from "../stored-image.ts";

/** The home card's line under the masthead (the shell's footer says the same). */
export const HOME_CARD_TAGLINE = "Independent journalism, composed at the edge.";

const CARD_FILE = /^(.+)\.jpg$/;
const params = z.strictObject({ kind: z.string().max(16), file: z.string().max(200) });
const query = z.strictObject({ v: z.string().max(12).optional() });
type CardContext = Context<AppEnv, string, { out: { query: z.output<typeof query> } }>;

const notFound = () => new ApiError("not_found", "There is no such share card.");

/** The slug in `<slug>.jpg`, or null (a 404, like any other address that names nothing). */
function slugOf(file: string): string | null {
  const slug = CARD_FILE.exec(file)?.[1];
  return slug && slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}

function keyOf(target: ShareCardTarget, version: string): string {
  const name = target.kind === "home" ? "home" : `${target.kind}/${target.slug}`;
  return `cards/${name}/${version}.jpg`;
}

/**
 * One card: an address with another (or no) `v` moves to the current one, as a photograph's
 * older revision does; the current one is made once, kept in R2 and served from there.
 */
async function serveCard(c: CardContext, target: ShareCardTarget, words: ShareCardWords) {
  const version = shareCardVersion(target);
  if (c.req.valid("query").v !== version) return c.redirect(shareCardPath(target), 302);
  const served = await serveStoredImage(c, keyOf(target, version), "image/jpeg", () =>
    renderShareCardJpeg(c.env.IMAGES, shareCardSvg(words)),
  );
  if (!served) throw notFound();
  return served;
}

/**
 * Generated share cards (1200x630 JPEG, `og:image` for pages without a photograph) at
 * `/images/cards/article/<slug>.jpg?v=`, `/images/cards/section/<slug>.jpg?v=` and
 * `/images/cards/home.jpg?v=` (`shareCardPath`; decision 0022). Only published articles have
 * a card (a renamed one's old slug moves to its current card); `v` hashes the words on it, so
 * a new headline is a new address.
 */
export const shareCardRoutes = new Hono<AppEnv>()
  .get("/home.jpg", validate("query", query), (c) =>
    serveCard(
      c,
      { kind: "home" },
      { masthead: c.var.config.PUBLICATION_NAME, kicker: "", headline: HOME_CARD_TAGLINE },
    ),
  )
  .get("/:kind/:file", validate("param", params), validate("query", query), async (c) => {
    const { kind, file } = c.req.valid("param");
    const slug = slugOf(file);
    if (!slug) throw notFound();
    const masthead = c.var.config.PUBLICATION_NAME;
    if (kind === "article") {
      const words = await findArticleCardWords(c.var.db, slug, c.var.now);
      if (!words) throw notFound();
      const target: ShareCardTarget = { kind, slug: words.slug, title: words.headline };
      if (words.slug !== slug) return c.redirect(shareCardPath(target), 302);
      return serveCard(c, target, { masthead, kicker: words.section, headline: words.headline });
    }
    if (kind === "section") {
      const section = await findSectionBySlug(c.var.db, slug);
      if (!section) throw notFound();
      return serveCard(
        c,
        { kind, slug, title: section.name },
        { masthead, kicker: "Section", headline: section.name },
      );
    }
    throw notFound();
  });
