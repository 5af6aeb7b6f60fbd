import { JwksAnswerSchema } from "edge-api/contract/account";
import { apiFailure, createFakeApi, type FakeAnswer, type FakeCall } from "edge-api/fake";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { callShell } from "./call-shell.ts";
import {
  ORIGIN,
  createTestSigner,
  json,
  testEnv,
  type TestClaims,
  type TestSigner,
} from "./fake-shell-env.ts";
import type { ServiceBinding, ShellEnv } from "../worker/shell-env.ts";

/**
 * The edge cache's tests' publication: a fake API whose content version can move, a fragment
 * whose answers and live build can change, and addresses of their own per run (the Cache API
 * outlives a test).
 */

export const BUILD_A = "aaaa1111bbbb";
export const BUILD_B = "cccc2222dddd";
// The Cache API outlives a test; a fresh prefix keeps this run's keys its own.
export const RUN = crypto.randomUUID().slice(0, 8);

let signer: TestSigner | null = null;

/** The key pair the fake API publishes; call in `beforeAll`. */
export async function setUpSigner(): Promise<void> {
  signer ??= await createTestSigner();
}

export function signedIn(name: string, expiresIn?: string, claims?: TestClaims): Promise<string> {
  if (!signer) throw new Error("call setUpSigner() in beforeAll");
  return signer.accessToken(name, expiresIn, claims);
}

/** A small publication: the fake API's content version and the fragment's answers can change. */
export class FakePublication {
  version = `${RUN}-1`;
  versionReads = 0;
  stateTtl = "0";
  versionAvailable = true;
  liveBuild = BUILD_A;
  /** The build the fragment renders with (lags `liveBuild` when a release lands mid-request). */
  renderBuild: string | null = null;
  headline = "First headline";
  renders = 0;
  scope: "public" | "private" = "public";
  status: 200 | 404 = 200;
  delayMs = 0;
  readonly viewersSeen: (string | null)[] = [];
  /** The render requests' `saved`, in order (issue 15). */
  readonly savedSeen: (boolean | null)[] = [];
  /** The fake API's answer to `savedState`; null: unanswered (the API's 404). */
  savedState: FakeAnswer<"savedState"> | null = null;
  /** Every call the Worker made to the fake API. */
  apiCalls: FakeCall[] = [];
  /** The breaking-news banner the fake API answers (issue 16); null: off. */
  banner: { headline: string; link: string } | null = null;
  /** The fake API's answer to `refresh`; null: unanswered. */
  refresh: FakeAnswer<"refresh"> | null = null;

  answer(request: FragmentRequest): FragmentAnswer {
    if (this.status === 404) return { kind: "not-found" };
    return {
      kind: "page",
      status: 200,
      head: { title: this.headline, description: "", canonicalPath: request.path },
      html: `<article><h1>${this.headline}</h1>${savedLine(request.saved)}</article>`,
      props: { headline: this.headline, saved: request.saved },
      buildId: this.renderBuild ?? this.liveBuild,
      stylesheets: [],
      cache: { scope: this.scope, maxAge: 60 },
    };
  }

  env(): ShellEnv {
    const fragment: ServiceBinding = {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === "GET") return json({ buildId: this.liveBuild });
        const body = (await request.json()) as FragmentRequest;
        this.renders += 1;
        this.viewersSeen.push(body.viewer?.displayName ?? null);
        this.savedSeen.push(body.saved);
        if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
        return json(this.answer(body));
      },
    };
    const unanswered = apiFailure(404, "not_found");
    const answerOf = <N extends "savedState" | "refresh">(
      answer: FakeAnswer<N> | null,
      call: FakeCall,
    ) => (typeof answer === "function" ? answer(call) : (answer ?? unanswered));
    const fake = createFakeApi({
      savedState: (call) => answerOf(this.savedState, call),
      refresh: (call) => answerOf(this.refresh, call),
      contentVersion: () => {
        this.versionReads += 1;
        return this.versionAvailable ? { version: this.version } : apiFailure(503, "unavailable");
      },
      jwks: () => JwksAnswerSchema.parse(signer?.jwks),
      sections: { sections: [] },
      banner: () => ({ banner: this.banner }),
    });
    this.apiCalls = fake.calls;
    const api = fake.binding;
    return testEnv(fragment, api, {
      // Every request reads the content version and the live build, so each change shows on
      // the very next request; the 1 s default is tested on its own below.
      EDGE_STATE_TTL_MS: this.stateTtl,
    });
  }
}

/** What the fake article says of the reader's saved state (nothing for a null). */
function savedLine(saved: boolean | null): string {
  if (saved === null) return "";
  return saved ? "<p>Saved</p>" : "<p>Save for later</p>";
}

let pathCounter = 0;
/** Each test reads its own article address. */
export function freshPath(): string {
  pathCounter += 1;
  return `/world/europe/story-${RUN}-${pathCounter}`;
}

export async function get(
  env: ShellEnv,
  path: string,
  init: RequestInit = {},
): Promise<{ response: Response; html: string }> {
  const response = await callShell(new Request(`${ORIGIN}${path}`, init), env);
  return { response, html: init.method === "HEAD" ? "" : await response.text() };
}

export function noncesIn(html: string): Set<string> {
  return new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? ""));
}
