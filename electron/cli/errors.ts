// How a failure the core reports (an AppError) ends a command: its exit code and its one sentence, the
// app's own text for it with the service's code and meaning ("Service code 1103: …").

import type { AppError } from '../../shared/errors.js';
import { errorDetailText, formatError } from '../../renderer/i18n/index.js';
import { EXIT } from './exit-codes.js';

export function exitCodeOf(error: AppError): number {
  switch (error.kind) {
    case 'not-signed-in':
      return EXIT.signedOut;
    case 'offline':
    case 'network':
    case 'timeout':
      return EXIT.offlineWrite;
    case 'service':
    case 'not-allowed':
    case 'validation':
      return error.httpStatus === 409 ? EXIT.conflict : EXIT.refused;
    default:
      return EXIT.failure;
  }
}

/** The app's sentence for the error, then the service's code with its meaning ("Service code 1103"). */
export function errorSentence(error: AppError): string {
  const detail = errorDetailText(error);
  return detail ? `${formatError(error)} (${detail})` : formatError(error);
}
