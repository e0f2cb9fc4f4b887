// A 429's wait in the unit a person would say it, rounded up (never sooner than the service asked).
import { busyFor, errorText } from '../../../shared/i18n/error-text.js';
import { sharedTranslator } from '../../../shared/i18n/catalogues/index.js';

it.each([
  [0, 'error.http.busyFor', { seconds: 1 }],
  [1, 'error.http.busyFor', { seconds: 1 }],
  [30, 'error.http.busyFor', { seconds: 30 }],
  [89, 'error.http.busyFor', { seconds: 89 }],
  [90, 'error.http.busyForMinutes', { minutes: 2 }],
  [120, 'error.http.busyForMinutes', { minutes: 2 }],
  [121, 'error.http.busyForMinutes', { minutes: 3 }],
  [600, 'error.http.busyForMinutes', { minutes: 10 }],
  [89 * 60, 'error.http.busyForMinutes', { minutes: 89 }],
  [90 * 60, 'error.http.busyForHours', { hours: 2 }],
  [86_400, 'error.http.busyForHours', { hours: 24 }],
])('%i s → %s %o', (seconds, key, values) => {
  expect(busyFor(seconds)).toEqual({ key, values });
});

it('reads as a sentence in every language, singular and plural', () => {
  const error = (retryAfterSeconds: number) => ({
    kind: 'service' as const,
    message: 'x',
    httpStatus: 429,
    retryAfterSeconds,
  });
  expect(errorText(error(1), sharedTranslator('en'))).toBe(
    'The service is busy. Wait 1 second, then try again.',
  );
  expect(errorText(error(3600), sharedTranslator('en'))).toBe(
    'The service is busy. Wait 60 minutes, then try again.',
  );
  expect(errorText(error(3 * 3600), sharedTranslator('en'))).toBe(
    'The service is busy. Wait 3 hours, then try again.',
  );
  expect(errorText(error(3 * 3600), sharedTranslator('ge'))).toBe(
    'Der Dienst ist ausgelastet. Warten Sie 3 Stunden und versuchen Sie es dann erneut.',
  );
  expect(errorText(error(2 * 3600), sharedTranslator('fr'))).toBe(
    'Le service est surchargé. Patientez 2 heures, puis réessayez.',
  );
  expect(errorText(error(2 * 3600), sharedTranslator('es'))).toBe(
    'El servicio está ocupado. Espere 2 horas y vuelva a intentarlo.',
  );
  expect(errorText(error(2 * 3600), sharedTranslator('it'))).toBe(
    'Il servizio è occupato. Attendi 2 ore, poi riprova.',
  );
});
