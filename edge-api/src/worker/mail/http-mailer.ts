import type { EmailMessage, Mailer } from "./mailer.ts";

export interface HttpMailerConfig {
  /** e.g. `https://api.postmarkapp.com/email` */
  url: string;
  token: string;
  from: string;
}

/**
 * Production mailer: Postmark's HTTPS email API (one POST per message, server token in the
 * `X-Postmark-Server-Token` header). Configured by the secrets EMAIL_API_URL and
 * EMAIL_API_TOKEN and the var EMAIL_FROM. Message bodies are never logged.
 */
export class HttpMailer implements Mailer {
  constructor(
    private readonly config: HttpMailerConfig,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const response = await this.fetcher(this.config.url, {
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
    if (!response.ok) throw new Error(`email API answered ${response.status}`);
  }
}
