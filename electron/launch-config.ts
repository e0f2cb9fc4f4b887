// What a launch is pointed at, read from the environment. `npm start` sets these for its demo service;
// a technician points the app at a real account the same way:
//   SUPPORT_CONSOLE_SERVICE_URL       the service's base URL (the sign-in form's default)
//   SUPPORT_CONSOLE_CONSUMER_KEY      the OAuth consumer key (the form's default)
//   SUPPORT_CONSOLE_CONSUMER_SECRET   optional: a configured secret, so the form may leave it blank
//   SUPPORT_CONSOLE_DEMO_EMAIL / _PASSWORD   only for the demo: shown as a hint on the sign-in page
//   SUPPORT_CONSOLE_DATA_DIR          where cache and settings live (browser host; Electron uses userData)
// The consumer secret stays in the main process: the renderer is only told that one is configured.

export interface LaunchDefaults {
  baseUrl: string;
  consumerKey: string;
  consumerSecret?: string;
  demoSignIn?: { email: string; password: string };
}

export function readLaunchDefaults(env: Record<string, string | undefined>): LaunchDefaults {
  const defaults: LaunchDefaults = {
    baseUrl: env.SUPPORT_CONSOLE_SERVICE_URL?.trim() || 'https://',
    consumerKey: env.SUPPORT_CONSOLE_CONSUMER_KEY?.trim() ?? '',
  };
  const secret = env.SUPPORT_CONSOLE_CONSUMER_SECRET;
  if (secret) defaults.consumerSecret = secret;
  const email = env.SUPPORT_CONSOLE_DEMO_EMAIL;
  const password = env.SUPPORT_CONSOLE_DEMO_PASSWORD;
  if (email && password) defaults.demoSignIn = { email, password };
  return defaults;
}
