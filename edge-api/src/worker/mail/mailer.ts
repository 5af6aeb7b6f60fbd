/** One email as every mailer takes it: a plain-text body and an HTML body. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The outbox port: development and tests keep messages in D1, production hands them on. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/**
 * A send that failed. `permanent` failures (the provider refused this message, e.g. an invalid
 * or inactive address) are never retried; anything else (the provider down, throttling, a
 * missing or wrong token the operator can fix) is retried by the email queue.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}
