import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * The story desk (issue 13), mounted at `/api/newsroom`: stories, workflow, corrections,
 * revisions, previews, and the site's map (sections, categories, authors, tags, images).
 */
export const newsroomStoryRoutes = new Hono<AppEnv>();
