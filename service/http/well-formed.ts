// Well-formedness of a request body, checked strictly before the shared codec reads it. The codec's reader
// (fast-xml-parser's validator) is liberal: it lets through a '<' inside an attribute value, '--' inside a
// comment, text after the root element and characters XML 1.0 excludes (U+FFFE, U+FFFF, C0 controls).
// Such a character would then be stored and silently dropped when served (XML cannot carry it), so two
// names that differ only by it would read the same. saxes checks the XML 1.0 productions exactly (the
// client's list reader uses it too), so the service refuses what is not XML instead of guessing.
import { SaxesParser } from 'saxes';
import { HttpError } from './responses.js';

/** Throws a 400 naming the first well-formedness error; a blank body is left to the codec ('empty'). */
export function refuseMalformedXml(xml: string): void {
  if (xml.trim() === '') return;
  const parser = new SaxesParser();
  let problem: string | null = null;
  parser.on('error', (error) => {
    // Only the first error counts; saxes goes on reporting after it.
    problem ??= error.message;
  });
  parser.write(xml).close();
  if (problem !== null) {
    throw new HttpError(400, `The request body is not well-formed XML (at ${problem})`);
  }
}
