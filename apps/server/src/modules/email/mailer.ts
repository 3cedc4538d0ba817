import { createTransport } from 'nodemailer';

/** One email ready to go: to one address, with its HTML and plain-text bodies. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends an email, or throws the SMTP server's (or the connection's) error. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * A nodemailer SMTP transport for `SMTP_URL` (`smtp://` upgrades with STARTTLS when the server
 * offers it, `smtps://` is TLS from the start). Short timeouts: an attempt that cannot reach the
 * server fails fast and the outbox tries again later.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(email) {
      await transport.sendMail(email);
    },
    close: () => transport.close(),
  };
}
