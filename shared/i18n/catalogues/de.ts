// Deutsch (the service's language code is `ge`). Same keys and ICU arguments as en.ts.

import type { SharedMessageKey } from './en.js';

export const sharedDe: Partial<Record<SharedMessageKey, string>> = {
  'tray.open': 'Support Console öffnen',
  'tray.quit': 'Support Console beenden',
  'tray.refresh': 'Jetzt aktualisieren',
  'tray.pause': 'Benachrichtigungen für eine Stunde pausieren',
  'tray.resume': 'Benachrichtigungen fortsetzen',
  'tray.status':
    '{status, select, signedOut {Abgemeldet} online {Online} other {Offline – gespeicherte Daten werden angezeigt}}',
  'tray.ongoing': 'Laufend',
  'tray.upcoming': 'Demnächst',
  'tray.sessionWithCode': '{customer} – Code {code} (zum Kopieren klicken)',
  'tray.sessionNoCode': '{customer} – noch kein Code',
  'tray.more': '{count, plural, one {# weitere…} other {# weitere…}}',
  'tray.unnamedCustomer': 'Kunde ohne Namen',
  'tray.tooltip.app': 'Support Console',
  'tray.tooltip.status':
    '{status, select, signedOut {abgemeldet} online {online} other {offline (gespeicherte Daten)}}',
  'tray.tooltip.ongoing': '{count, plural, one {# Sitzung läuft} other {# Sitzungen laufen}}',
  'tray.tooltip.upcoming': '{count, plural, one {# Sitzung geplant} other {# Sitzungen geplant}}',
  'tray.devices': 'Geräte: {online, number} online, {offline, number} offline, {busy, number} beschäftigt',
  'tray.outage': 'Ausfall: {name} ({devices, number} von {size, number} offline)',
  'tray.watchedDown': 'Beobachtet, offline: {label}',
  'tray.watchedMore':
    '{count, plural, one {# weiteres beobachtetes Gerät offline…} other {# weitere beobachtete Geräte offline…}}',
  'tray.tooltip.devices': '{online, number} online, {offline, number} offline, {busy, number} beschäftigt',
  'tray.tooltip.outages': '{count, plural, one {# Ausfall} other {# Ausfälle}}',
  'tray.tooltip.watchedDown': '{count, number} beobachtete Geräte ausgefallen',
  'tray.tooltip.paused': 'Benachrichtigungen pausiert',
  'tray.account': '{name}: {status, select, signedOut {abgemeldet} online {online} other {offline}}',
  'notice.fromAccount': '{account}: {title}',

  'notice.started':
    '{count, plural, one {Support-Sitzung hat begonnen} other {# Support-Sitzungen haben begonnen}}',
  'notice.reminder':
    '{count, plural, one {{minutes, plural, one {Support-Sitzung beginnt in # Minute} other {Support-Sitzung beginnt in # Minuten}}} other {# Support-Sitzungen beginnen in Kürze}}',
  'notice.who': '{customer} (Code {code})',
  'notice.more': '{names} und {count, plural, one {# weitere} other {# weitere}}',
  'notice.unnamedCustomer': 'Kunde ohne Namen',

  'statusNotice.group':
    '{kind, select, outage {{count, plural, one {Standortausfall} other {# Standortausfälle}}} outageEnd {{count, plural, one {Standortausfall beendet} other {# Standortausfälle beendet}}} offline {{count, plural, one {# Gerät ist offline gegangen} other {# Geräte sind offline gegangen}}} online {{count, plural, one {# Gerät ist zurück} other {# Geräte sind zurück}}} offlineLong {{count, plural, one {# Gerät zu lange offline} other {# Geräte zu lange offline}}} other {{count, plural, one {# Gerät zu lange beschäftigt} other {# Geräte zu lange beschäftigt}}}}',
  'statusNotice.single':
    '{kind, select, offline {{label} ist offline gegangen} online {{label} ist zurück} offlineLong {{label} ist zu lange offline} other {{label} ist zu lange beschäftigt}}',
  'statusNotice.flapping': '{label} (instabil)',
  'statusNotice.outageLabel':
    '{name} ({devices, number} von {size, plural, one {# Gerät} other {# Geräten}})',
  'statusNotice.unnamedDevice': 'Gerät {id}',
  'statusNotice.unnamedFolder': 'Ordner {id}',
  'statusNotice.alerts': '{count, plural, one {# Gerätewarnung} other {# Gerätewarnungen}}',
  'statusNotice.line': '{phrase}: {names}',

  'menu.edit': 'Bearbeiten',
  'updater.ready': '{product} {version} ist bereit zur Installation.',
  'updater.readyDetail':
    'Jetzt neu starten, um sie zu verwenden, oder später: Sie wird beim Beenden der App installiert.',
  'updater.restartNow': 'Jetzt neu starten',
  'updater.later': 'Später',

  'error.code.1000': 'Dieses Gerät gibt es auf dem Dienst nicht mehr. Aktualisieren Sie die Geräteliste.',
  'error.code.1001': 'Bei einem Gerät lassen sich nur der Alias und der Ordner ändern.',
  'error.code.1002':
    'Der Dienst hat eine Angabe der Sitzung nicht angenommen. Prüfen Sie die Sprache und die geplanten Zeiten und speichern Sie erneut.',
  'error.code.1002.customerMail':
    'Der Dienst hat diese E-Mail-Adresse nicht angenommen. Geben Sie sie als name@firma.de ein oder lassen Sie das Feld leer.',
  'error.code.1002.language': 'Der Dienst hat diese Sprache nicht angenommen. Wählen Sie eine aus der Liste.',
  'error.code.1002.plannedInitTime':
    'Der Dienst hat diesen geplanten Beginn nicht angenommen. Prüfen Sie Datum und Uhrzeit.',
  'error.code.1002.plannedEndTime':
    'Der Dienst hat dieses geplante Ende nicht angenommen. Prüfen Sie Datum und Uhrzeit; es muss nach dem Beginn liegen.',
  'error.code.1100': 'Diesen Ordner gibt es auf dem Dienst nicht mehr. Aktualisieren Sie den Ordnerbaum.',
  'error.code.1101':
    'Auf dieser Ebene gibt es bereits einen Ordner mit diesem Namen. Wählen Sie einen anderen Namen.',
  'error.code.1103':
    'Dieser Ordner ist nicht leer. Verschieben Sie zuerst seine Geräte und Unterordner und löschen Sie ihn dann.',
  'error.code.1200':
    'Diesen Benutzer gibt es auf dem Dienst nicht mehr. Aktualisieren Sie die Benutzerliste.',
  'error.code.1300':
    'Diese Support-Sitzung gibt es auf dem Dienst nicht mehr. Aktualisieren Sie die Sitzungsliste.',
  'error.code.1301':
    'Eine Support-Sitzung braucht den Namen des Kunden. Geben Sie ihn ein und speichern Sie erneut.',
  'error.code.1302':
    'Eine Support-Sitzung braucht eine Sprache. Wählen Sie eine aus und speichern Sie erneut.',
  'error.code.other':
    'Der Dienst hat die Anfrage abgelehnt. Versuchen Sie es erneut; wenn es wieder passiert, wenden Sie sich mit dem unten genannten Code an den Support.',

  'error.http.busy': 'Der Dienst ist ausgelastet. Warten Sie einen Moment und versuchen Sie es dann erneut.',
  'error.http.busyFor':
    'Der Dienst ist ausgelastet. Warten Sie {seconds, plural, one {# Sekunde} other {# Sekunden}} und versuchen Sie es dann erneut.',
  'error.http.busyForMinutes':
    'Der Dienst ist ausgelastet. Warten Sie {minutes, plural, one {# Minute} other {# Minuten}} und versuchen Sie es dann erneut.',
  'error.http.busyForHours':
    'Der Dienst ist ausgelastet. Warten Sie {hours, plural, one {# Stunde} other {# Stunden}} und versuchen Sie es dann erneut.',
  'error.http.unavailable':
    'Der Dienst ist gerade nicht erreichbar. Warten Sie einen Moment und versuchen Sie es dann erneut.',
  'error.http.notFound':
    'Das Element wurde auf dem Dienst nicht gefunden. Aktualisieren Sie und versuchen Sie es erneut.',
  'error.createdWithoutLocation':
    'Der Dienst hat nicht gemeldet, welches Element er angelegt hat; es wurde also möglicherweise angelegt. Aktualisieren Sie, bevor Sie es erneut versuchen.',

  'error.kind.service':
    'Der Dienst hat die Anfrage abgelehnt. Aktualisieren Sie und versuchen Sie es erneut.',
  'error.kind.not-signed-in': 'Ihre Anmeldung ist nicht mehr gültig. Melden Sie sich erneut an.',
  'error.kind.not-allowed':
    'Ihr Konto darf das nicht. Wenden Sie sich an eine Administratorin oder einen Administrator des Kontos.',
  'error.kind.clock-skew':
    'Der Dienst hat die Anfrage abgelehnt, weil die Uhr dieses Computers von seiner abweicht. Stellen Sie Datum, Uhrzeit und Zeitzone richtig ein (oder schalten Sie die automatische Uhrzeit ein) und versuchen Sie es erneut.',
  'error.kind.network':
    'Der Dienst ist nicht erreichbar. Prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.',
  'error.kind.network.write':
    'Die Verbindung ist beim Senden der Änderung abgebrochen; sie wurde also vielleicht ausgeführt, vielleicht nicht. Aktualisieren Sie, bevor Sie es erneut versuchen.',
  'error.kind.timeout': 'Der Dienst hat nicht rechtzeitig geantwortet. Versuchen Sie es gleich noch einmal.',
  'error.kind.timeout.write':
    'Der Dienst hat nicht rechtzeitig geantwortet und die Änderung möglicherweise trotzdem ausgeführt. Aktualisieren Sie, bevor Sie es erneut versuchen.',
  'error.kind.cancelled': 'Die Anfrage wurde abgebrochen.',
  'error.kind.malformed-response':
    'Die Antwort des Dienstes war nicht lesbar. Versuchen Sie es erneut; wenn es wieder passiert, wenden Sie sich an den Support.',
  'error.kind.offline': 'Sie sind offline. Änderungen sind wieder möglich, sobald der Dienst erreichbar ist.',
  'error.kind.validation':
    'Einige Angaben wurden nicht angenommen. Prüfen Sie sie und versuchen Sie es erneut.',
  'error.kind.keychain':
    'Der Schlüsselbund dieses Computers ließ sich nicht verwenden. Entsperren Sie ihn oder fahren Sie fort, ohne die Anmeldung zu speichern.',
  'error.kind.storage':
    'Die Konsole konnte ihre Dateien auf diesem Computer nicht schreiben. Prüfen Sie den freien Speicherplatz und versuchen Sie es erneut.',
  'error.kind.internal':
    'In der Konsole ist ein Fehler aufgetreten. Versuchen Sie es erneut; wenn er bleibt, starten Sie die Konsole neu.',

  'error.oauth.parameter_absent':
    'Die Anmeldeanfrage war unvollständig. Beginnen Sie von vorn; wenn es wieder passiert, wenden Sie sich an den Support.',
  'error.oauth.parameter_rejected':
    'Der Dienst hat die Anmeldeanfrage nicht angenommen. Beginnen Sie von vorn; wenn es wieder passiert, wenden Sie sich an den Support.',
  'error.oauth.signature_method_rejected':
    'Der Dienst akzeptiert das Signaturverfahren dieser Konsole nicht. Wenden Sie sich an den Support des Dienstes.',
  'error.oauth.version_rejected':
    'Der Dienst akzeptiert die Protokollversion dieser Konsole nicht. Wenden Sie sich an den Support des Dienstes.',
  'error.oauth.timestamp_refused':
    'Der Dienst hat die Anmeldung abgelehnt, weil die Uhr dieses Computers von seiner abweicht. Stellen Sie Datum, Uhrzeit und Zeitzone richtig ein und melden Sie sich erneut an.',
  'error.oauth.nonce_used': 'Die Anmeldeanfrage wurde doppelt gesendet. Versuchen Sie es erneut.',
  'error.oauth.consumer_key_unknown':
    'Der Dienst kennt diesen Consumer Key nicht. Prüfen Sie ihn und beginnen Sie von vorn.',
  'error.oauth.consumer_key_rejected':
    'Der Dienst akzeptiert diesen Consumer Key nicht mehr. Fragen Sie die Administration Ihres Kontos nach einem gültigen.',
  'error.oauth.token_rejected': 'Der Dienst hat diese Anmeldung nicht angenommen. Beginnen Sie von vorn.',
  'error.oauth.token_revoked': 'Diese Anmeldung wurde auf dem Dienst widerrufen. Melden Sie sich erneut an.',
  'error.oauth.token_expired': 'Diese Anmeldung ist abgelaufen. Melden Sie sich erneut an.',
  'error.oauth.token_used': 'Dieser Anmeldeschritt wurde bereits abgeschlossen. Beginnen Sie von vorn.',
  'error.oauth.signature_invalid':
    'Der Dienst hat die Signatur der Anfrage nicht angenommen. Prüfen Sie Consumer Key und Consumer Secret und beginnen Sie von vorn.',
  'error.oauth.verifier_invalid':
    'Die PIN wurde nicht angenommen. Prüfen Sie sie auf der Autorisierungsseite und geben Sie sie erneut ein, oder beginnen Sie von vorn.',
  'error.oauth.user_refused':
    'Der Zugriff wurde auf der Autorisierungsseite verweigert. Beginnen Sie von vorn und erlauben Sie den Zugriff.',
  'error.oauth.permission_denied':
    'Der Dienst hat keinen Zugriff auf dieses Konto gewährt. Wenden Sie sich an die Administration Ihres Kontos.',

  'error.app.offlineSince':
    'Offline seit {since}: Solange der Dienst nicht erreichbar ist, werden keine Änderungen gesendet. Versuchen Sie es erneut, sobald er wieder da ist.',
  'error.app.cachedSignedOut':
    'Abgemeldet: Die Anmeldung des letzten Laufs wurde nicht gespeichert. Melden Sie sich an, um zu aktualisieren.',
  'error.app.signInToChange': 'Melden Sie sich an, um Änderungen vorzunehmen.',
  'error.app.reauthToChange':
    'Der Dienst akzeptiert diese Anmeldung nicht mehr. Melden Sie sich erneut an, bevor Sie Änderungen vornehmen.',
  'error.app.signInToSaveViews': 'Melden Sie sich an, um Ansichten zu speichern.',
  'error.app.signInToChangeWatches': 'Melden Sie sich an, um Benachrichtigungen zu ändern.',
  'error.app.signInForHistory': 'Melden Sie sich an, um den Statusverlauf zu sehen.',
  'error.app.historyNotOpened':
    'Der auf diesem Computer gespeicherte Statusverlauf konnte nicht geöffnet werden; die Geräteliste ist davon nicht betroffen.',
  'error.app.conflictGone':
    'Diese Änderung wartet nicht mehr auf eine Entscheidung: Sie wurde bereits aufgelöst.',
  'error.app.bulkGone':
    'Diese Sammeländerung ist nicht mehr bekannt: Sie ist abgeschlossen oder wurde nach einem Neustart entfernt.',
  'error.app.outboxClosed':
    'Ohne Anmeldung können keine Änderungen eingereiht werden. Melden Sie sich an und versuchen Sie es erneut.',
  'error.app.resumeSync': 'Melden Sie sich erneut an, um die Synchronisierung fortzusetzen.',
  'error.app.keychainMissing':
    'Der Schlüsselbund dieses Computers ist nicht verfügbar, daher kann Ihre Anmeldung nicht gespeichert werden. Sie können nur für diese Sitzung fortfahren (nach dem Beenden melden Sie sich erneut an).',
  'error.app.savedSignInMissing':
    'Ihre gespeicherte Anmeldung wurde im Schlüsselbund dieses Computers nicht gefunden (sie wurde vielleicht entfernt oder zurückgesetzt); melden Sie sich daher erneut an. Die Offline-Kopie dieses Kontos wurde mit ihr entfernt.',
  'error.app.consumerSecretRequired': 'Geben Sie das Consumer Secret ein.',
  'error.app.pinWithoutSignIn':
    'Starten Sie zuerst die Anmeldung: Die PIN gehört zu einer laufenden Anmeldung.',
  'error.app.linkNotAllowed': 'Von hier öffnen sich nur Seiten des eigenen Dienstes des Kontos.',
  'error.app.linkFailed': 'Der Link ließ sich hier nicht öffnen. Öffnen Sie ihn in Ihrem Browser.',
  'error.app.lastAccount': 'Dies ist das einzige Konto: Melden Sie sich stattdessen ab.',
  'error.app.accountUnknown': 'Dieses Konto ist nicht mehr in dieser Konsole.',
  'error.app.accountTwice':
    'Dieser Benutzer dieses Dienstes ist bereits als Konto „{account}“ in dieser Konsole: Wechseln Sie stattdessen dorthin.',
  'error.app.oneAccountOnly': 'Dieser Lauf hat nur ein Konto.',
  'error.app.folderIntoItself':
    'Ein Ordner kann nicht in sich selbst oder einen seiner Unterordner verschoben werden.',
  'error.app.sessionFinished': 'Diese Sitzung ist beendet und kann nicht mehr geändert werden.',
  'error.app.endBeforeStart': 'Das geplante Ende muss nach dem geplanten Beginn liegen.',
  'error.app.invalidField':
    'Der Wert von „{field}“ wurde nicht angenommen. Prüfen Sie ihn und versuchen Sie es erneut.',
  'error.app.unknownRequest':
    'Die Konsole hat eine Anfrage gesendet, die sie nicht kennt. Starten Sie sie neu.',
  'error.app.notFromWindow': 'Diese Anfrage kam nicht aus dem Fenster der Support Console.',
  'error.app.hostAnswered':
    'Die App antwortete mit HTTP-Status {status}. Versuchen Sie es erneut; wenn es anhält, starten Sie sie neu.',
  'error.app.mainLost':
    'Die Konsole hat die Verbindung zu ihrem Hauptprozess verloren. Starten Sie die App neu, wenn das anhält.',
  'error.app.cacheUnreadable':
    'Die gespeicherte Offline-Kopie war nicht lesbar und wird daher nicht angezeigt.',
  'error.app.loadingAccount': 'Konto wird geladen',

  'error.app.reauthReason':
    'Der Dienst akzeptiert diese Anmeldung nicht mehr (sie wurde widerrufen oder ist abgelaufen). Ihre Daten bleiben sichtbar; melden Sie sich erneut an, um die Synchronisierung fortzusetzen.',
  'error.app.sessionFinishedDelete':
    'Eine beendete Sitzung kann nicht gelöscht werden: Der Dienst bewahrt sie als Nachweis der geleisteten Hilfe auf.',
  'error.app.createOutcomeUnknown':
    'Der Dienst hat nicht rechtzeitig geantwortet; das Element wurde also vielleicht angelegt, vielleicht nicht. Prüfen Sie die Liste (sie wird gerade aktualisiert), bevor Sie es erneut versuchen.',
  'error.app.folderNotEmpty':
    'Der Ordner „{name}“ ist nicht leer. Verschieben Sie zuerst {devices, plural, =0 {} one {sein # Gerät} other {seine # Geräte}}{devices, select, 0 {} other {{folders, select, 0 {} other { und }}}}{folders, plural, =0 {} one {seinen # Unterordner} other {seine # Unterordner}} und löschen Sie ihn dann.',

  'error.detail.code': 'Dienst-Code {code}',
  'error.detail.http': 'HTTP-Status {status}',
};
