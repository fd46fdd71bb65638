import type { Logger } from "pino";

/** One text message to a member's mobile number. */
export interface SmsMessage {
  /** The member's account: a Japanese mobile number as they registered it (e.g. 09012345678). */
  to: string;
  /** What kind of message, so a provider can pick a template (and a log can say what it was). */
  purpose: "sign-in-code";
  /** The one-time code, for a `sign-in-code`. */
  code: string;
  /** How long the code stays valid, for the text ("valid for 5 minutes"). */
  expiresInMs: number;
}

/**
 * How the API sends text messages. The API calls `send` after answering nothing about it: a
 * slow or failing provider must not make `POST /auth/sms-code` answer differently for a member
 * than for a stranger, so delivery errors are logged, never returned.
 *
 * A production provider (Twilio, Amazon SNS, a Japanese carrier gateway) is a class with this
 * one method, built in the composition package (server/src/platform.ts, where the log sender is
 * chosen today) from settings of its own there:
 *
 * ```ts
 * class ProviderSms implements SmsSender {
 *   async send(message: SmsMessage) {
 *     // E.164 for Japan: 09012345678 → +819012345678
 *     await provider.messages.create({ to: `+81${message.to.slice(1)}`, body: text(message) });
 *   }
 * }
 * ```
 *
 * It must time out (a few seconds) rather than hang, and must not log the code.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** How many sent messages the log sender keeps for tests to read. */
const keptMessagesMax = 100;

/**
 * Embedded mode's and the tests' sender: writes each code to the log (where a developer running
 * the demo reads it) and keeps the last messages for tests. Anyone who reads the log can sign in
 * as the member, so service mode warns at start while it is in use.
 */
export class LogSmsSender implements SmsSender {
  private readonly logger: Pick<Logger, "info">;
  private readonly sent: SmsMessage[] = [];

  constructor(logger: Pick<Logger, "info">) {
    this.logger = logger;
  }

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > keptMessagesMax) this.sent.shift();
    this.logger.info(
      { to: message.to, purpose: message.purpose, code: message.code, expiresInMs: message.expiresInMs },
      "SMS (log transport, not delivered)",
    );
  }

  /** The newest code sent to `to`, if any. */
  lastCode(to: string): string | undefined {
    return this.sent.findLast((message) => message.to === to)?.code;
  }

  /** Every message sent to `to`, oldest first. */
  messagesTo(to: string): readonly SmsMessage[] {
    return this.sent.filter((message) => message.to === to);
  }
}
