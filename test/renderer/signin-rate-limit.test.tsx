// A sign-in refused by the service's request-token limit (429) says how long to wait, in the technician's
// language and in the unit a person would use: the Retry-After the flow carried (retryAfterSeconds)
// becomes "Wait 2 minutes", not "Wait 95 seconds", on the sign-in screen.
import { act, fireEvent, screen } from '@testing-library/react';
import { OAuthFlowError } from '../../shared/oauth/flow.js';
import type { AuthState, SignInDefaults } from '../../shared/ipc/contract.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';
import { t } from '../../renderer/i18n/index.js';
import { makeSnapshot } from './support/fake-bridge.js';
import { renderApp } from './support/render.js';

const defaults: SignInDefaults = {
  baseUrl: 'http://127.0.0.1:4000',
  consumerKey: 'demo-key',
  hasConfiguredSecret: true,
};
const signedOut: AuthState = { status: 'signed-out', defaults, keychainAvailable: true };

/** The error the core hands over when request_token answered 429 with this Retry-After. */
function limited(retryAfterSeconds: number) {
  return new OAuthFlowError('request_token', 'refused', 'Too many sign-ins.', {
    httpStatus: 429,
    retryAfterSeconds,
  }).toAppError();
}

const EXPECTED: Record<UiLanguage, string> = {
  en: 'The service is busy. Wait 2 minutes, then try again.',
  ge: 'Der Dienst ist ausgelastet. Warten Sie 2 Minuten und versuchen Sie es dann erneut.',
  fr: 'Le service est surchargé. Patientez 2 minutes, puis réessayez.',
  es: 'El servicio está ocupado. Espere 2 minutos y vuelva a intentarlo.',
  it: 'Il servizio è occupato. Attendi 2 minuti, poi riprova.',
};

describe.each(Object.entries(EXPECTED) as Array<[UiLanguage, string]>)('in %s', (language, sentence) => {
  it('the sign-in screen says how long to wait after a 429', async () => {
    const settings = { ...makeSnapshot().settings!, language };
    const { bridge } = await renderApp({ auth: signedOut, settings });
    bridge.fail('auth:begin', limited(95));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('signIn.open') })));
    expect(screen.getByRole('alert').textContent).toBe(sentence);
  });
});

it('a short wait is said in seconds, and no Retry-After keeps the general sentence', async () => {
  const { bridge } = await renderApp({ auth: signedOut });
  bridge.fail('auth:begin', limited(2));
  const open = screen.getByRole('button', { name: 'Open the authorization page' });
  await act(async () => fireEvent.click(open));
  expect(screen.getByRole('alert').textContent).toBe('The service is busy. Wait 2 seconds, then try again.');
  bridge.fail('auth:begin', { ...limited(2), retryAfterSeconds: undefined });
  await act(async () => fireEvent.click(open));
  expect(screen.getByRole('alert').textContent).toBe('The service is busy. Wait a moment, then try again.');
});
