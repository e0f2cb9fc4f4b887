// Every refusal of the XML codec is typed, so the client can map it to 'malformed-response' and the service
// to a 400 without either of them guessing from a message.

export type XmlErrorReason =
  /** Not well-formed XML, not XML at all, or more than one root element. */
  | 'not-xml'
  /** Well-formed, but the root element is not the one expected (e.g. <folder> where <devices> was asked for). */
  | 'wrong-root'
  /** A DOCTYPE (and with it any entity declaration) is refused outright: no real document of the service has one. */
  | 'doctype'
  /** The body is larger than the caller allows. */
  | 'too-large'
  /** Elements nested deeper than any real document of the service. */
  | 'too-deep'
  /** A value that cannot be what the field holds (a missing id, a ram that is not a number, a bad timestamp). */
  | 'invalid-value'
  /** No content at all (empty or whitespace-only body). */
  | 'empty';

export class XmlError extends Error {
  override readonly name = 'XmlError';
  readonly reason: XmlErrorReason;
  /** The wire name of the field a value error is about, when there is one. */
  readonly field?: string;

  constructor(reason: XmlErrorReason, message: string, field?: string) {
    super(message);
    this.reason = reason;
    if (field !== undefined) this.field = field;
  }
}

export function isXmlError(value: unknown): value is XmlError {
  return value instanceof XmlError;
}
