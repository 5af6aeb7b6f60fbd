import { z } from "zod";
import type { ApiFetcher } from "edge-api/client";

/**
 * The account endpoints of edge-api (see `edge-api/auth-types`), called through the service
 * binding. A thin typed wrapper until `edge-api/client` offers them: every answer is checked
 * with a schema here, so the rest of the Worker sees typed results only.
 */

const API_ORIGIN = "https://edge-api.internal";

const TokenPairSchema = z.object({
  accessToken: z.string().min(1),
  accessExpiresIn: z.number(),
  refreshToken: z.string().min(1),
  refreshExpiresIn: z.number(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

const AccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type ApiAccount = z.infer<typeof AccountSchema>;

const SessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type ApiSession = z.infer<typeof SessionSchema>;

const SavedArticleSchema = z.object({ slug: z.string(), path: z.string(), headline: z.string() });
export type ApiSavedArticle = z.infer<typeof SavedArticleSchema>;

const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), reason: z.string().optional() }),
});

export type ApiFailure = {
  ok: false;
  status: number;
  code: string;
  /** `weak_password` only: too_short | too_long | common | site_name. */
  reason?: string;
  /** Seconds, from `Retry-After` on a 429. */
  retryAfter?: number;
};
export type AccountApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** Who is asking, passed on so the API can rate-limit and describe sessions. */
export interface ApiCaller {
  ip: string;
  userAgent: string;
  requestId: string;
  accessToken: string | null;
}

const Empty = z.unknown();

export const SignUpAnswerSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("created"), tokens: TokenPairSchema, account: AccountSchema }),
  z.object({ status: z.literal("check-email") }),
]);

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : undefined;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
  const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
  return {
    ok: false,
    status: response.status,
    code: body.success ? body.data.error.code : "unknown_error",
    ...(body.success && body.data.error.reason ? { reason: body.data.error.reason } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

export function createAccountApi(fetcher: ApiFetcher, caller: ApiCaller) {
  async function call<T>(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<AccountApiResult<T>> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "cf-connecting-ip": caller.ip,
      "user-agent": caller.userAgent,
      "x-request-id": caller.requestId,
    };
    if (caller.accessToken) headers.authorization = `Bearer ${caller.accessToken}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetcher.fetch(`${API_ORIGIN}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) return failureOf(response);
    const text = await response.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      return { ok: false, status: 502, code: "malformed_answer" };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { ok: false, status: 502, code: "malformed_answer" };
    return { ok: true, status: response.status, data: parsed.data };
  }
  const seg = encodeURIComponent;
  return {
    signUp: (input: { email: string; displayName: string; password: string }) =>
      call("POST", "/api/auth/sign-up", SignUpAnswerSchema, input),
    login: (input: { email: string; password: string }) =>
      call(
        "POST",
        "/api/auth/login",
        z.object({ tokens: TokenPairSchema, account: AccountSchema }),
        input,
      ),
    forgotPassword: (input: { email: string }) =>
      call("POST", "/api/auth/forgot-password", Empty, input),
    resetPassword: (input: { token: string; password: string }) =>
      call("POST", "/api/auth/reset-password", Empty, input),
    verifyEmail: (input: { token: string }) =>
      call("POST", "/api/auth/verify-email", z.object({ account: AccountSchema }), input),
    confirmEmail: (input: { token: string }) =>
      call("POST", "/api/auth/confirm-email", z.object({ account: AccountSchema }), input),
    resendVerification: () => call("POST", "/api/auth/resend-verification", Empty),
    account: () => call("GET", "/api/account", z.object({ account: AccountSchema })),
    updateAccount: (input: { displayName: string }) =>
      call("PATCH", "/api/account", z.object({ account: AccountSchema }), input),
    changeEmail: (input: { newEmail: string; currentPassword: string }) =>
      call("POST", "/api/account/email", Empty, input),
    changePassword: (input: { currentPassword: string; newPassword: string }) =>
      call("POST", "/api/account/password", z.object({ tokens: TokenPairSchema }), input),
    sessions: () =>
      call("GET", "/api/account/sessions", z.object({ sessions: z.array(SessionSchema) })),
    endSession: (id: string) => call("DELETE", `/api/account/sessions/${seg(id)}`, Empty),
    endAllSessions: () => call("POST", "/api/account/sessions/end-all", Empty),
    savedArticles: () =>
      call("GET", "/api/account/saved", z.object({ articles: z.array(SavedArticleSchema) })),
    saveArticle: (slug: string) => call("PUT", `/api/account/saved/${seg(slug)}`, Empty),
    removeSavedArticle: (slug: string) => call("DELETE", `/api/account/saved/${seg(slug)}`, Empty),
    deleteAccount: (input: { password: string }) =>
      call("POST", "/api/account/delete", Empty, input),
  };
}
export type AccountApi = ReturnType<typeof createAccountApi>;
