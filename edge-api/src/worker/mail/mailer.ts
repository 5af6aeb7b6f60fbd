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
