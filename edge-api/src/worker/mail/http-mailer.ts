import { MailDeliveryError, type EmailMessage, type Mailer } from "./mailer.ts";

export interface HttpMailerConfig {
  /** e.g. `https://api.postmarkapp.com/email` */
  url: string;
  token: string;
  from: string;
}

/** Statuses that say "not now" or "not configured right", not "never": retried. */
const RETRIED_STATUSES = new Set([401, 403, 408, 429]);

/**
 * Postmark answers 422 with an `ErrorCode` for every refusal. These codes are about our
 * account (bad server token, sender signature missing or unconfirmed, sending paused, account
 * pending): the operator can fix them, so the message is retried rather than given up on.
 * Every other 422 (an invalid or inactive recipient, 300 and 406) is about this message.
 */
const POSTMARK_ACCOUNT_ERRORS = new Set([10, 400, 401, 405, 412, 413]);

/**
 * Production mailer: Postmark's HTTPS email API (one POST per message, server token in the
 * `X-Postmark-Server-Token` header). Configured by the secrets EMAIL_API_URL and
 * EMAIL_API_TOKEN and the var EMAIL_FROM. Message bodies are never logged, nor the provider's
 * error text (it may quote the address): only the status and Postmark's error code.
 */
export class HttpMailer implements Mailer {
  constructor(
    private readonly config: HttpMailerConfig,
    // A function of its own: Workers' fetch called as `this.fetcher(…)` throws "Illegal invocation".
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async send(message: EmailMessage): Promise<void> {
    let response: Response;
    try {
      response = await this.fetcher(this.config.url, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          "x-postmark-server-token": this.config.token,
        },
        body: JSON.stringify({
          From: this.config.from,
          To: message.to,
          Subject: message.subject,
          TextBody: message.text,
          HtmlBody: message.html,
          MessageStream: "outbound",
        }),
      });
    } catch (error) {
      throw new MailDeliveryError(`email API unreachable: ${String(error)}`, false);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const code = await postmarkErrorCode(response);
    const permanent =
      response.status >= 400 &&
      response.status < 500 &&
      !RETRIED_STATUSES.has(response.status) &&
      !(code !== undefined && POSTMARK_ACCOUNT_ERRORS.has(code));
    const suffix = code === undefined ? "" : ` (Postmark ErrorCode ${code})`;
    throw new MailDeliveryError(`email API answered ${response.status}${suffix}`, permanent);
  }
}

async function postmarkErrorCode(response: Response): Promise<number | undefined> {
  try {
    const body = (await response.json()) as { ErrorCode?: unknown };
    return typeof body.ErrorCode === "number" ? body.ErrorCode : undefined;
  } catch {
    return undefined;
  }
}
