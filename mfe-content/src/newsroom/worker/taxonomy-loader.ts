import type { z } from "zod";
import type { ApiResult } from "edge-api/client";
import {
  AuthorBodySchema,
  CategoryBodySchema,
  SectionBodySchema,
  SectionOrderBodySchema,
  TagBodySchema,
} from "edge-api/contract/newsroom";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { slugFrom } from "edge-api/contract/slug-from";
import type {
  ProblemView,
  SectionItemView,
  TaxonomyItemView,
  TaxonomyView,
} from "../ui/newsroom-views.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  formProblems,
  need,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * `/newsroom/sections`, `/newsroom/authors` and `/newsroom/tags`: the site's map. Each item
 * is its own small form (create, edit; sections move up and down with a button that posts the
 * whole new order). A reserved or taken slug (409) and a refused field (422) come back on the
 * form that was sent, with what was typed.
 */

export type TaxonomyPage = "sections" | "authors" | "tags";

const routeOf = {
  sections: "content.newsroom-sections",
  authors: "content.newsroom-authors",
  tags: "content.newsroom-tags",
} as const;

const titles: Readonly<Record<TaxonomyPage, string>> = {
  sections: "Sections and categories",
  authors: "Authors",
  tags: "Tags",
};

const notices: Readonly<Record<string, string>> = {
  "create-section": "Section created.",
  "update-section": "Section saved.",
  order: "The order of the sections is saved.",
  "create-category": "Category created.",
  "update-category": "Category saved.",
  "create-author": "Author profile created.",
  "update-author": "Author profile saved.",
  "create-tag": "Tag created.",
  "update-tag": "Tag saved.",
};

const fieldMessages: Readonly<Record<string, string>> = {
  slug: "Use lower-case letters, digits and single hyphens, up to 80 characters.",
  name: "Write a name of up to 120 characters.",
  description: "The description is up to 1,000 characters.",
  bio: "The biography is up to 1,000 characters.",
  jobTitle: "The job title is up to 120 characters.",
  ids: "The order could not be read. Reload the page and try again.",
};

interface Failed {
  form: string;
  problems: ProblemView[];
  status: 409 | 422;
}

async function renderPage(
  context: NewsroomContext,
  page: TaxonomyPage,
  failed: Failed | null = null,
): Promise<LoadOutcome> {
  const map = need(context, await context.api.call("taxonomy", {}), "read the site's map");
  const sections = [...map.sections].sort((a, b) => a.position - b.position);
  const ids = sections.map((s) => s.id);
  const moved = (from: number, to: number): string | null => {
    if (to < 0 || to >= ids.length) return null;
    const order = [...ids];
    const [item] = order.splice(from, 1);
    if (item !== undefined) order.splice(to, 0, item);
    return order.join(",");
  };
  const sectionItems: SectionItemView[] = sections.map((section, index) => ({
    id: section.id,
    slug: section.slug,
    name: section.name,
    description: section.description,
    jobTitle: "",
    upOrder: moved(index, index - 1),
    downOrder: moved(index, index + 1),
    categories: section.categories.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: "",
      jobTitle: "",
    })),
  }));
  const items: TaxonomyItemView[] =
    page === "authors"
      ? map.authors.map((a) => ({
          id: a.id,
          slug: a.slug,
          name: a.name,
          description: a.bio,
          jobTitle: a.jobTitle,
        }))
      : page === "tags"
        ? map.tags.map((t) => ({
            id: t.id,
            slug: t.slug,
            name: t.name,
            description: t.description,
            jobTitle: "",
          }))
        : [];
  const done = context.isPost ? null : (context.query.get("done") ?? "");
  const view: TaxonomyView = {
    view: page,
    publication: publicationView(context.publication),
    action: hrefFor(routeOf[page]),
    canEdit: context.request.viewer?.role === "editor" || context.request.viewer?.role === "admin",
    sections: sectionItems,
    items,
    problems: failed?.problems ?? [],
    failedForm: failed?.form ?? null,
    sent: failed ? { ...context.form } : {},
    notice: done ? (notices[done] ?? null) : null,
  };
  return newsroomPage(context, titles[page], view, failed?.status ?? 200);
}

type Write = { schema: z.ZodType; call: (body: never) => Promise<ApiResult<unknown>> };

function clean(value: string | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

/** The write a form asks for on this page, with the name of the form it came from. */
function writeFor(
  context: NewsroomContext,
  page: TaxonomyPage,
): { form: string; body: Record<string, unknown>; write: Write } | null {
  const { api, form } = context;
  const intent = form.intent ?? "";
  const id = clean(form.id);
  const name = clean(form.name);
  const slug = clean(form.slug) || slugFrom(name, 80);
  const description = (form.description ?? "").trim();
  const key = id === "" ? "new" : id;
  const idOk = /^[A-Za-z0-9_-]{1,64}$/.test(id);
  if (page === "sections") {
    switch (intent) {
      case "create-section":
        return {
          form: "new",
          body: { slug, name, description },
          write: { schema: SectionBodySchema, call: (body) => api.call("createSection", { body }) },
        };
      case "update-section":
        if (!idOk) return null;
        return {
          form: key,
          body: { slug, name, description },
          write: {
            schema: SectionBodySchema,
            call: (body) => api.call("updateSection", { params: { id }, body }),
          },
        };
      case "order":
        return {
          form: "order",
          body: { ids: (form.ids ?? "").split(",").filter((x) => x !== "") },
          write: {
            schema: SectionOrderBodySchema,
            call: (body) => api.call("orderSections", { body }),
          },
        };
      case "create-category": {
        const sectionId = clean(form.sectionId);
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(sectionId)) return null;
        return {
          form: `new-category:${sectionId}`,
          body: { slug, name },
          write: {
            schema: CategoryBodySchema,
            call: (body) => api.call("createCategory", { params: { id: sectionId }, body }),
          },
        };
      }
      case "update-category":
        if (!idOk) return null;
        return {
          form: `category:${id}`,
          body: { slug, name },
          write: {
            schema: CategoryBodySchema,
            call: (body) => api.call("updateCategory", { params: { id }, body }),
          },
        };
    }
    return null;
  }
  if (page === "authors") {
    const body = { slug, name, jobTitle: clean(form.jobTitle), bio: description };
    if (intent === "create-author") {
      return {
        form: "new",
        body,
        write: { schema: AuthorBodySchema, call: (b) => api.call("createAuthor", { body: b }) },
      };
    }
    if (intent === "update-author" && idOk) {
      return {
        form: key,
        body,
        write: {
          schema: AuthorBodySchema,
          call: (b) => api.call("updateAuthor", { params: { id }, body: b }),
        },
      };
    }
    return null;
  }
  const body = { slug, name, description };
  if (intent === "create-tag") {
    return {
      form: "new",
      body,
      write: { schema: TagBodySchema, call: (b) => api.call("createTag", { body: b }) },
    };
  }
  if (intent === "update-tag" && idOk) {
    return {
      form: key,
      body,
      write: {
        schema: TagBodySchema,
        call: (b) => api.call("updateTag", { params: { id }, body: b }),
      },
    };
  }
  return null;
}

async function submit(context: NewsroomContext, page: TaxonomyPage): Promise<LoadOutcome> {
  const found = writeFor(context, page);
  if (!found) {
    return renderPage(context, page, {
      form: "page",
      problems: [{ field: "form", message: "This form could not be read. Reload the page." }],
      status: 422,
    });
  }
  const checked = found.write.schema.safeParse(found.body);
  if (!checked.success) {
    const fields = [
      ...new Set(checked.error.issues.map((issue) => String(issue.path[0] ?? "form"))),
    ];
    const problems = fields.map((field) => ({
      field: field === "bio" ? "description" : field,
      message: fieldMessages[field] ?? "Check this field.",
    }));
    return renderPage(context, page, { form: found.form, problems, status: 422 });
  }
  const result = await found.write.call(checked.data as never);
  if (result.ok) {
    return seeOther(`${hrefFor(routeOf[page])}?done=${context.form.intent ?? ""}`);
  }
  const common = commonFailure(context, result, `change ${titles[page].toLowerCase()}`);
  if (common) return common;
  const problems =
    result.code === "conflict"
      ? [
          {
            field: "form",
            message:
              "Someone changed the sections meanwhile, so nothing was moved. Look at the order again and move it once more.",
          },
        ]
      : formProblems(result);
  if (problems) {
    return renderPage(context, page, {
      form: found.form,
      problems,
      status: result.status === 409 ? 409 : 422,
    });
  }
  throw apiUnavailable(`taxonomy ${context.form.intent ?? ""}`, result);
}

export function loadTaxonomyPage(
  context: NewsroomContext,
  page: TaxonomyPage,
): Promise<LoadOutcome> {
  return answering(() => (context.isPost ? submit(context, page) : renderPage(context, page)));
}
