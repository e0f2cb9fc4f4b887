// Messages that either process may format: the tray, native notifications, the application menu and
// every error (the main process sends errors as data; see ../error-text.ts). English is the reference:
// every other catalogue has exactly these keys with the same ICU arguments (test/shared/i18n-parity).

export const sharedEn = {
  'tray.open': 'Open Support Console',
  'tray.quit': 'Quit Support Console',
  'tray.refresh': 'Refresh now',
  'tray.pause': 'Pause notifications for an hour',
  'tray.resume': 'Resume notifications',
  'tray.status':
    '{status, select, signedOut {Signed out} online {Online} other {Offline — showing saved data}}',
  'tray.ongoing': 'Ongoing',
  'tray.upcoming': 'Upcoming',
  'tray.sessionWithCode': '{customer} — code {code} (click to copy)',
  'tray.sessionNoCode': '{customer} — no code yet',
  'tray.more': '{count, plural, one {# more…} other {# more…}}',
  'tray.unnamedCustomer': 'Unnamed customer',
  'tray.tooltip.app': 'Support Console',
  'tray.tooltip.status':
    '{status, select, signedOut {signed out} online {online} other {offline (showing saved data)}}',
  'tray.tooltip.ongoing': '{count, plural, one {# session ongoing} other {# sessions ongoing}}',
  'tray.tooltip.upcoming': '{count, plural, one {# session upcoming} other {# sessions upcoming}}',
  'tray.devices': 'Devices: {online, number} online, {offline, number} offline, {busy, number} busy',
  'tray.outage': 'Outage: {name} ({devices, number} of {size, number} offline)',
  'tray.watchedDown': 'Watched, offline: {label}',
  'tray.watchedMore': '{count, plural, one {# more watched offline…} other {# more watched offline…}}',
  'tray.tooltip.devices': '{online, number} online, {offline, number} offline, {busy, number} busy',
  'tray.tooltip.outages': '{count, plural, one {# outage} other {# outages}}',
  'tray.tooltip.watchedDown': '{count, number} watched down',
  'tray.tooltip.paused': 'notifications paused',
  'tray.account': '{name}: {status, select, signedOut {signed out} online {online} other {offline}}',
  'notice.fromAccount': '{account}: {title}',

  'notice.started': '{count, plural, one {Support session started} other {# support sessions started}}',
  'notice.reminder':
    '{count, plural, one {{minutes, plural, one {Support session starts in # minute} other {Support session starts in # minutes}}} other {# support sessions start soon}}',
  'notice.who': '{customer} (code {code})',
  'notice.more': '{names} and {count, plural, one {# more} other {# more}}',
  'notice.unnamedCustomer': 'Unnamed customer',

  'statusNotice.group':
    '{kind, select, outage {{count, plural, one {Site outage} other {# site outages}}} outageEnd {{count, plural, one {Site outage over} other {# site outages over}}} offline {{count, plural, one {# device went offline} other {# devices went offline}}} online {{count, plural, one {# device came back} other {# devices came back}}} offlineLong {{count, plural, one {# device offline too long} other {# devices offline too long}}} other {{count, plural, one {# device busy too long} other {# devices busy too long}}}}',
  'statusNotice.single':
    '{kind, select, offline {{label} went offline} online {{label} came back} offlineLong {{label} offline too long} other {{label} busy too long}}',
  'statusNotice.flapping': '{label} (flapping)',
  'statusNotice.outageLabel':
    '{name} ({devices, number} of {size, plural, one {# device} other {# devices}})',
  'statusNotice.unnamedDevice': 'Device {id}',
  'statusNotice.unnamedFolder': 'Folder {id}',
  'statusNotice.alerts': '{count, plural, one {# device alert} other {# device alerts}}',
  'statusNotice.line': '{phrase}: {names}',

  'menu.edit': 'Edit',
  'updater.ready': '{product} {version} is ready to install.',
  'updater.readyDetail': 'Restart now to use it, or later: it installs when you quit the app.',
  'updater.restartNow': 'Restart now',
  'updater.later': 'Later',

  // Service codes (spec §7): what happened and what to do. The code itself is shown apart, for support.
  'error.code.1000': 'This device no longer exists on the service. Refresh the device list.',
  'error.code.1001': 'Only the alias and the folder of a device can be changed.',
  'error.code.1002':
    'The service did not accept one of the session details. Check the language and the planned times, then save again.',
  'error.code.1002.customerMail':
    'The service did not accept this e-mail address. Enter it as name@company.com, or leave it empty.',
  'error.code.1002.language': 'The service did not accept this language. Choose one from the list.',
  'error.code.1002.plannedInitTime':
    'The service did not accept this planned start. Check the date and time.',
  'error.code.1002.plannedEndTime':
    'The service did not accept this planned end. Check the date and time; it must be after the start.',
  'error.code.1100': 'This folder no longer exists on the service. Refresh the folder tree.',
  'error.code.1101': 'A folder with this name already exists at this level. Choose another name.',
  'error.code.1103': 'This folder is not empty. Move its devices and sub-folders out first, then delete it.',
  'error.code.1200': 'This user no longer exists on the service. Refresh the user list.',
  'error.code.1300': 'This support session no longer exists on the service. Refresh the session list.',
  'error.code.1301': 'A support session needs the customer’s name. Enter it and save again.',
  'error.code.1302': 'A support session needs a language. Choose one and save again.',
  'error.code.other':
    'The service refused the request. Try again; if it keeps happening, contact support with the code below.',

  'error.http.busy': 'The service is busy. Wait a moment, then try again.',
  'error.http.busyFor':
    'The service is busy. Wait {seconds, plural, one {# second} other {# seconds}}, then try again.',
  'error.http.busyForMinutes':
    'The service is busy. Wait {minutes, plural, one {# minute} other {# minutes}}, then try again.',
  'error.http.busyForHours':
    'The service is busy. Wait {hours, plural, one {# hour} other {# hours}}, then try again.',
  'error.http.unavailable': 'The service is not available right now. Wait a moment, then try again.',
  'error.http.notFound': 'The item was not found on the service. Refresh, then try again.',
  'error.createdWithoutLocation':
    'The service did not say which item it created, so it may have been created. Refresh before trying again.',

  'error.kind.service': 'The service refused the request. Refresh, then try again.',
  'error.kind.not-signed-in': 'Your sign-in is no longer valid. Sign in again.',
  'error.kind.not-allowed': 'Your account is not allowed to do this. Ask an administrator of the account.',
  'error.kind.clock-skew':
    'The service refused the request because this computer’s clock differs from its own. Set the date, time and time zone correctly (or turn on automatic time), then try again.',
  'error.kind.network': 'The service could not be reached. Check the network connection, then try again.',
  'error.kind.network.write':
    'The connection broke while sending the change, so it may or may not have been made. Refresh before trying again.',
  'error.kind.timeout': 'The service did not answer in time. Try again in a moment.',
  'error.kind.timeout.write':
    'The service did not answer in time, so it may have made the change. Refresh before trying again.',
  'error.kind.cancelled': 'The request was cancelled.',
  'error.kind.malformed-response':
    'The service’s answer could not be read. Try again; if it keeps happening, contact support.',
  'error.kind.offline': 'You are offline. Changes can be made again once the service is reachable.',
  'error.kind.validation': 'Some of the details were not accepted. Check them, then try again.',
  'error.kind.keychain':
    'This computer’s keychain could not be used. Unlock it, or continue without saving the sign-in.',
  'error.kind.storage':
    'The console could not write its files on this computer. Check the free disk space, then try again.',
  'error.kind.internal': 'Something went wrong inside the console. Try again; if it persists, restart it.',

  // OAuth refusals during sign-in (the names of the OAuth Problem Reporting extension).
  'error.oauth.parameter_absent':
    'The sign-in request was incomplete. Start over; if it keeps happening, contact support.',
  'error.oauth.parameter_rejected':
    'The service did not accept the sign-in request. Start over; if it keeps happening, contact support.',
  'error.oauth.signature_method_rejected':
    'The service does not accept this console’s signing method. Contact the service’s support.',
  'error.oauth.version_rejected':
    'The service does not accept this console’s sign-in protocol version. Contact the service’s support.',
  'error.oauth.timestamp_refused':
    'The service refused the sign-in because this computer’s clock differs from its own. Set the date, time and time zone correctly, then sign in again.',
  'error.oauth.nonce_used': 'The sign-in request was sent twice. Try again.',
  'error.oauth.consumer_key_unknown':
    'The service does not know this consumer key. Check the consumer key, then start over.',
  'error.oauth.consumer_key_rejected':
    'The service no longer accepts this consumer key. Ask your account administrator for a valid one.',
  'error.oauth.token_rejected': 'The service did not accept this sign-in. Start over.',
  'error.oauth.token_revoked': 'This sign-in was revoked on the service. Sign in again.',
  'error.oauth.token_expired': 'This sign-in has expired. Sign in again.',
  'error.oauth.token_used': 'This sign-in step was already completed. Start over.',
  'error.oauth.signature_invalid':
    'The service did not accept the request’s signature. Check the consumer key and secret, then start over.',
  'error.oauth.verifier_invalid':
    'The PIN was not accepted. Check it on the authorization page and enter it again, or start over.',
  'error.oauth.user_refused':
    'Access was refused on the authorization page. Start over and choose to allow access.',
  'error.oauth.permission_denied':
    'The service did not grant access to this account. Ask your account administrator.',

  // Refusals the console decides itself, before anything is sent.
  'error.app.offlineSince':
    'Offline since {since}: changes are not sent while the service cannot be reached. Try again when it is back.',
  'error.app.cachedSignedOut': 'Signed out: the sign-in of the last run was not kept. Sign in to refresh.',
  'error.app.signInToChange': 'Sign in to make changes.',
  'error.app.reauthToChange':
    'The service no longer accepts this sign-in. Sign in again before making changes.',
  'error.app.signInToSaveViews': 'Sign in to save views.',
  'error.app.signInToChangeWatches': 'Sign in to change alerts.',
  'error.app.signInForHistory': 'Sign in to see the status history.',
  'error.app.historyNotOpened':
    'The status history saved on this computer could not be opened; the device list is not affected.',
  'error.app.conflictGone': 'That change is no longer waiting for a choice: it was already resolved.',
  'error.app.bulkGone': 'That bulk change is no longer known: it finished, or was cleared after a restart.',
  'error.app.outboxClosed': 'Changes cannot be queued while signed out. Sign in, then try again.',
  'error.app.resumeSync': 'Sign in again to resume syncing.',
  'error.app.keychainMissing':
    'This computer’s keychain is not available, so your sign-in cannot be remembered. You can continue for this run only (you will sign in again after quitting).',
  'error.app.savedSignInMissing':
    'Your saved sign-in was not found in this computer’s keychain (it may have been removed or reset), so you need to sign in again. The offline copy of that account was removed with it.',
  'error.app.consumerSecretRequired': 'Enter the consumer secret.',
  'error.app.pinWithoutSignIn': 'Start signing in first: the PIN belongs to a sign-in in progress.',
  'error.app.linkNotAllowed': 'Only pages of the account’s own service open from here.',
  'error.app.linkFailed': 'The link could not be opened here. Open it in your browser.',
  'error.app.lastAccount': 'This is the only account: sign out of it instead.',
  'error.app.accountUnknown': 'That account is no longer in this console.',
  'error.app.accountTwice':
    'This user of this service is already in this console as the account “{account}”: switch to it instead.',
  'error.app.oneAccountOnly': 'This run holds one account only.',
  'error.app.folderIntoItself': 'A folder cannot be moved into itself or one of its sub-folders.',
  'error.app.sessionFinished': 'This session has finished, so it can no longer be changed.',
  'error.app.endBeforeStart': 'The planned end must be after the planned start.',
  'error.app.invalidField': 'The value of “{field}” was not accepted. Check it, then try again.',
  'error.app.unknownRequest': 'The console sent a request it does not know. Restart it.',
  'error.app.notFromWindow': 'This request did not come from the Support Console window.',
  'error.app.hostAnswered':
    'The app answered with HTTP status {status}. Try again; if it persists, restart it.',
  'error.app.mainLost': 'The console lost contact with its main process. Restart the app if this persists.',
  'error.app.cacheUnreadable': 'The saved offline copy could not be read, so it is not shown.',
  'error.app.loadingAccount': 'Loading the account',

  'error.app.reauthReason':
    'The service no longer accepts this sign-in (it was revoked or has expired). Your data stays visible; sign in again to resume syncing.',
  'error.app.sessionFinishedDelete':
    'A finished session cannot be deleted: the service keeps it as the record of the support given.',
  'error.app.createOutcomeUnknown':
    'The service did not answer in time, so it may or may not have been created. Check the list (it is being refreshed) before trying again.',
  'error.app.folderNotEmpty':
    'The folder “{name}” is not empty. Move its {devices, plural, =0 {} one {# device} other {# devices}}{devices, select, 0 {} other {{folders, select, 0 {} other { and }}}}{folders, plural, =0 {} one {# sub-folder} other {# sub-folders}} out first, then delete it.',

  'error.detail.code': 'Service code {code}',
  'error.detail.http': 'HTTP status {status}',
} as const;

export type SharedMessageKey = keyof typeof sharedEn;
