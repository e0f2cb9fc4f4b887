// E-mail that the service "sends": invitations land here, in memory (and in the state file), and never
// leave the machine. The control API and the tests read it.
import type { Id, KnownLanguage } from '../../shared/model.js';

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  language: KnownLanguage;
  sessionId: Id;
  code: string;
  sentAt: string;
}

/** Oldest messages are dropped beyond this: a long demo must not grow the state file without end. */
export const MAX_OUTBOX_MESSAGES = 1000;

/** What changed: one message sent, or all cleared (the journal records exactly that). */
export type OutboxChange = { added: OutboxMessage } | { cleared: true };

export class Outbox {
  private messages: OutboxMessage[] = [];
  private nextId = 1;
  private readonly listeners = new Set<(change: OutboxChange) => void>();

  send(message: Omit<OutboxMessage, 'id'>): OutboxMessage {
    const stored = { ...message, id: this.nextId++ };
    this.messages.push(stored);
    if (this.messages.length > MAX_OUTBOX_MESSAGES)
      this.messages.splice(0, this.messages.length - MAX_OUTBOX_MESSAGES);
    for (const listener of this.listeners) listener({ added: stored });
    return stored;
  }

  /** The id the next message will get. */
  get nextMessageId(): number {
    return this.nextId;
  }

  list(): readonly OutboxMessage[] {
    return this.messages;
  }

  clear(): void {
    this.messages = [];
    for (const listener of this.listeners) listener({ cleared: true });
  }

  onChange(listener: (change: OutboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): { nextId: number; messages: OutboxMessage[] } {
    return { nextId: this.nextId, messages: [...this.messages] };
  }

  restore(snapshot: { nextId: number; messages: OutboxMessage[] }): void {
    this.messages = [...snapshot.messages];
    this.nextId = snapshot.nextId;
  }
}

const INVITATION_TEXT: Record<
  KnownLanguage,
  { subject: string; body: (customer: string, code: string, when: string) => string }
> = {
  en: {
    subject: 'Your remote support session',
    body: (c, code, when) =>
      `Hello ${c},\n\nyour remote support session is planned for ${when} (UTC).\nSession code: ${code}\n`,
  },
  es: {
    subject: 'Su sesión de soporte remoto',
    body: (c, code, when) =>
      `Hola ${c},\n\nsu sesión de soporte remoto está prevista para ${when} (UTC).\nCódigo de sesión: ${code}\n`,
  },
  it: {
    subject: 'La sua sessione di assistenza remota',
    body: (c, code, when) =>
      `Buongiorno ${c},\n\nla sessione di assistenza remota è prevista per ${when} (UTC).\nCodice di sessione: ${code}\n`,
  },
  ge: {
    subject: 'Ihre Fernwartungssitzung',
    body: (c, code, when) =>
      `Hallo ${c},\n\nIhre Fernwartungssitzung ist für ${when} (UTC) geplant.\nSitzungscode: ${code}\n`,
  },
  fr: {
    subject: 'Votre session d’assistance à distance',
    body: (c, code, when) =>
      `Bonjour ${c},\n\nvotre session d’assistance à distance est prévue le ${when} (UTC).\nCode de session : ${code}\n`,
  },
};

export function invitation(input: {
  to: string;
  customer: string;
  code: string;
  plannedInitTime: string;
  language: KnownLanguage;
  sessionId: Id;
  sentAt: string;
}): Omit<OutboxMessage, 'id'> {
  const text = INVITATION_TEXT[input.language];
  return {
    to: input.to,
    subject: text.subject,
    body: text.body(input.customer, input.code, input.plannedInitTime),
    language: input.language,
    sessionId: input.sessionId,
    code: input.code,
    sentAt: input.sentAt,
  };
}
