import type {
  ApiErrorBody,
  ArticleResponse,
  AuthorResponse,
  CategoryResponse,
  EditionResponse,
  HomeResponse,
  PageResponse,
  SectionResponse,
  SectionsResponse,
  TagResponse,
} from "../domain/api-types.ts";

/**
 * The API as the fragments and the shell see it. Callers pass the service binding to
 * edge-api; nothing here touches the database.
 */
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string };

export interface ApiFetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

const API_ORIGIN = "https://edge-api.internal";

export interface ApiClient {
  sections(): Promise<ApiResult<SectionsResponse>>;
  home(): Promise<ApiResult<HomeResponse>>;
  section(section: string, before?: string): Promise<ApiResult<SectionResponse>>;
  category(section: string, category: string, before?: string): Promise<ApiResult<CategoryResponse>>;
  article(slug: string): Promise<ApiResult<ArticleResponse>>;
  author(slug: string, before?: string): Promise<ApiResult<AuthorResponse>>;
  tag(slug: string, before?: string): Promise<ApiResult<TagResponse>>;
  page(slug: string): Promise<ApiResult<PageResponse>>;
  /** The newest edition published on or before `date` (`YYYY-MM-DD`). */
  latestEdition(onOrBefore: string): Promise<ApiResult<EditionResponse>>;
  edition(date: string): Promise<ApiResult<EditionResponse>>;
}

export function createApiClient(fetcher: ApiFetcher, requestId?: string): ApiClient {
  async function get<T>(path: string, query: Record<string, string | undefined> = {}) {
    const url = new URL(path, API_ORIGIN);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    const headers: Record<string, string> = { accept: "application/json" };
    if (requestId) headers["x-request-id"] = requestId;
    const response = await fetcher.fetch(url.toString(), { headers });
    if (response.ok) return { ok: true, data: (await response.json()) as T } as const;
    let code = "unknown_error";
    try {
      const body = (await response.json()) as Partial<ApiErrorBody>;
      code = body.error?.code ?? code;
    } catch {
      // A non-JSON error body keeps the generic code.
    }
    return { ok: false, status: response.status, code } as const;
  }
  const seg = encodeURIComponent;
  return {
    sections: () => get<SectionsResponse>("/api/sections"),
    home: () => get<HomeResponse>("/api/home"),
    section: (section, before) =>
      get<SectionResponse>(`/api/sections/${seg(section)}`, { before }),
    category: (section, category, before) =>
      get<CategoryResponse>(`/api/sections/${seg(section)}/categories/${seg(category)}`, {
        before,
      }),
    article: (slug) => get<ArticleResponse>(`/api/articles/${seg(slug)}`),
    author: (slug, before) => get<AuthorResponse>(`/api/authors/${seg(slug)}`, { before }),
    tag: (slug, before) => get<TagResponse>(`/api/tags/${seg(slug)}`, { before }),
    page: (slug) => get<PageResponse>(`/api/pages/${seg(slug)}`),
    latestEdition: (onOrBefore) => get<EditionResponse>("/api/editions/latest", { onOrBefore }),
    edition: (date) => get<EditionResponse>(`/api/editions/${seg(date)}`),
  };
}
