// A refusal as the technician reads it: what happened and what to do, then (apart, smaller) the
// service's code for support, never glued to the sentence as "(1103)".

import type { AppError } from '../../shared/errors.js';
import { errorDetailText, formatError } from '../i18n/index.js';

export function ErrorText({ error }: { error: AppError }) {
  const detail = errorDetailText(error);
  return (
    <>
      {formatError(error)}
      {detail && <span className="error-code">{detail}</span>}
    </>
  );
}
