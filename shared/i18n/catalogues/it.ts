// Italiano. Same keys and ICU arguments as en.ts.

import type { SharedMessageKey } from './en.js';

export const sharedIt: Partial<Record<SharedMessageKey, string>> = {
  'tray.open': 'Apri Support Console',
  'tray.quit': 'Esci da Support Console',
  'tray.refresh': 'Aggiorna ora',
  'tray.pause': 'Sospendi le notifiche per un’ora',
  'tray.resume': 'Riattiva le notifiche',
  'tray.status':
    '{status, select, signedOut {Disconnesso} online {Online} other {Offline: vengono mostrati i dati salvati}}',
  'tray.ongoing': 'In corso',
  'tray.upcoming': 'In programma',
  'tray.sessionWithCode': '{customer} — codice {code} (clic per copiare)',
  'tray.sessionNoCode': '{customer} — ancora senza codice',
  'tray.more': '{count, plural, one {altra #…} other {altre #…}}',
  'tray.unnamedCustomer': 'Cliente senza nome',
  'tray.tooltip.app': 'Support Console',
  'tray.tooltip.status':
    '{status, select, signedOut {disconnesso} online {online} other {offline (dati salvati)}}',
  'tray.tooltip.ongoing': '{count, plural, one {# sessione in corso} other {# sessioni in corso}}',
  'tray.tooltip.upcoming': '{count, plural, one {# sessione in programma} other {# sessioni in programma}}',
  'tray.devices': 'Dispositivi: {online, number} online, {offline, number} offline, {busy, number} occupati',
  'tray.outage': 'Interruzione: {name} ({devices, number} di {size, number} offline)',
  'tray.watchedDown': 'Monitorato, offline: {label}',
  'tray.watchedMore':
    '{count, plural, one {Altro # monitorato offline…} other {Altri # monitorati offline…}}',
  'tray.tooltip.devices': '{online, number} online, {offline, number} offline, {busy, number} occupati',
  'tray.tooltip.outages': '{count, plural, one {# interruzione} other {# interruzioni}}',
  'tray.tooltip.watchedDown': '{count, number} monitorati non raggiungibili',
  'tray.tooltip.paused': 'notifiche sospese',
  'tray.account': '{name}: {status, select, signedOut {disconnesso} online {online} other {offline}}',
  'notice.fromAccount': '{account}: {title}',

  'notice.started':
    '{count, plural, one {È iniziata una sessione di assistenza} other {Sono iniziate # sessioni di assistenza}}',
  'notice.reminder':
    '{count, plural, one {{minutes, plural, one {Una sessione di assistenza inizia tra # minuto} other {Una sessione di assistenza inizia tra # minuti}}} other {# sessioni di assistenza stanno per iniziare}}',
  'notice.who': '{customer} (codice {code})',
  'notice.more': '{names} e {count, plural, one {un’altra} other {altre #}}',
  'notice.unnamedCustomer': 'Cliente senza nome',

  'statusNotice.group':
    '{kind, select, outage {{count, plural, one {Interruzione di sede} other {# interruzioni di sede}}} outageEnd {{count, plural, one {Interruzione di sede terminata} other {# interruzioni di sede terminate}}} offline {{count, plural, one {# dispositivo è andato offline} other {# dispositivi sono andati offline}}} online {{count, plural, one {# dispositivo è tornato} other {# dispositivi sono tornati}}} offlineLong {{count, plural, one {# dispositivo offline da troppo tempo} other {# dispositivi offline da troppo tempo}}} other {{count, plural, one {# dispositivo occupato da troppo tempo} other {# dispositivi occupati da troppo tempo}}}}',
  'statusNotice.single':
    '{kind, select, offline {{label} è andato offline} online {{label} è tornato} offlineLong {{label} è offline da troppo tempo} other {{label} è occupato da troppo tempo}}',
  'statusNotice.flapping': '{label} (instabile)',
  'statusNotice.outageLabel':
    '{name} ({devices, number} di {size, plural, one {# dispositivo} other {# dispositivi}})',
  'statusNotice.unnamedDevice': 'Dispositivo {id}',
  'statusNotice.unnamedFolder': 'Cartella {id}',
  'statusNotice.alerts': '{count, plural, one {# avviso di dispositivo} other {# avvisi di dispositivi}}',
  'statusNotice.line': '{phrase}: {names}',

  'menu.edit': 'Modifica',
  'updater.ready': '{product} {version} è pronto per l’installazione.',
  'updater.readyDetail': 'Riavvia ora per usarlo, oppure più tardi: si installa quando chiudi l’app.',
  'updater.restartNow': 'Riavvia ora',
  'updater.later': 'Più tardi',

  'error.code.1000': 'Questo dispositivo non esiste più sul servizio. Aggiorna l’elenco dei dispositivi.',
  'error.code.1001': 'Di un dispositivo si possono cambiare solo l’alias e la cartella.',
  'error.code.1002':
    'Il servizio non ha accettato uno dei dati della sessione. Controlla la lingua e gli orari previsti, poi salva di nuovo.',
  'error.code.1002.customerMail':
    'Il servizio non ha accettato questo indirizzo e-mail. Inseriscilo come nome@azienda.it, oppure lascia il campo vuoto.',
  'error.code.1002.language': 'Il servizio non ha accettato questa lingua. Scegline una dall’elenco.',
  'error.code.1002.plannedInitTime':
    'Il servizio non ha accettato questo inizio previsto. Controlla data e ora.',
  'error.code.1002.plannedEndTime':
    'Il servizio non ha accettato questa fine prevista. Controlla data e ora; deve seguire l’inizio.',
  'error.code.1100': 'Questa cartella non esiste più sul servizio. Aggiorna l’albero delle cartelle.',
  'error.code.1101': 'A questo livello esiste già una cartella con questo nome. Scegli un altro nome.',
  'error.code.1103':
    'Questa cartella non è vuota. Sposta prima i suoi dispositivi e le sottocartelle, poi eliminala.',
  'error.code.1200': 'Questo utente non esiste più sul servizio. Aggiorna l’elenco degli utenti.',
  'error.code.1300':
    'Questa sessione di assistenza non esiste più sul servizio. Aggiorna l’elenco delle sessioni.',
  'error.code.1301': 'Una sessione di assistenza richiede il nome del cliente. Inseriscilo e salva di nuovo.',
  'error.code.1302': 'Una sessione di assistenza richiede una lingua. Sceglila e salva di nuovo.',
  'error.code.other':
    'Il servizio ha rifiutato la richiesta. Riprova; se succede di nuovo, contatta l’assistenza indicando il codice qui sotto.',

  'error.http.busy': 'Il servizio è occupato. Attendi un momento, poi riprova.',
  'error.http.busyFor':
    'Il servizio è occupato. Attendi {seconds, plural, one {# secondo} other {# secondi}}, poi riprova.',
  'error.http.busyForMinutes':
    'Il servizio è occupato. Attendi {minutes, plural, one {# minuto} other {# minuti}}, poi riprova.',
  'error.http.busyForHours':
    'Il servizio è occupato. Attendi {hours, plural, one {# ora} other {# ore}}, poi riprova.',
  'error.http.unavailable':
    'Il servizio non è disponibile in questo momento. Attendi un momento, poi riprova.',
  'error.http.notFound': 'L’elemento non è stato trovato sul servizio. Aggiorna, poi riprova.',
  'error.createdWithoutLocation':
    'Il servizio non ha indicato quale elemento ha creato, quindi potrebbe averlo creato. Aggiorna prima di riprovare.',

  'error.kind.service': 'Il servizio ha rifiutato la richiesta. Aggiorna, poi riprova.',
  'error.kind.not-signed-in': 'Il tuo accesso non è più valido. Accedi di nuovo.',
  'error.kind.not-allowed':
    'Il tuo account non è autorizzato a farlo. Chiedi a un amministratore dell’account.',
  'error.kind.clock-skew':
    'Il servizio ha rifiutato la richiesta perché l’orologio di questo computer non coincide con il suo. Imposta correttamente data, ora e fuso orario (o attiva l’ora automatica), poi riprova.',
  'error.kind.network': 'Impossibile raggiungere il servizio. Controlla la connessione di rete, poi riprova.',
  'error.kind.network.write':
    'La connessione si è interrotta durante l’invio della modifica, quindi potrebbe essere stata applicata o no. Aggiorna prima di riprovare.',
  'error.kind.timeout': 'Il servizio non ha risposto in tempo. Riprova tra un momento.',
  'error.kind.timeout.write':
    'Il servizio non ha risposto in tempo, quindi potrebbe aver applicato la modifica. Aggiorna prima di riprovare.',
  'error.kind.cancelled': 'La richiesta è stata annullata.',
  'error.kind.malformed-response':
    'Impossibile leggere la risposta del servizio. Riprova; se succede di nuovo, contatta l’assistenza.',
  'error.kind.offline':
    'Sei offline. Potrai di nuovo apportare modifiche quando il servizio sarà raggiungibile.',
  'error.kind.validation': 'Alcuni dati non sono stati accettati. Controllali, poi riprova.',
  'error.kind.keychain':
    'Impossibile usare il portachiavi di questo computer. Sbloccalo oppure continua senza salvare l’accesso.',
  'error.kind.storage':
    'La console non è riuscita a scrivere i suoi file su questo computer. Controlla lo spazio libero su disco, poi riprova.',
  'error.kind.internal': 'Si è verificato un errore nella console. Riprova; se persiste, riavviala.',

  'error.oauth.parameter_absent':
    'La richiesta di accesso era incompleta. Ricomincia; se succede di nuovo, contatta l’assistenza.',
  'error.oauth.parameter_rejected':
    'Il servizio non ha accettato la richiesta di accesso. Ricomincia; se succede di nuovo, contatta l’assistenza.',
  'error.oauth.signature_method_rejected':
    'Il servizio non accetta il metodo di firma di questa console. Contatta l’assistenza del servizio.',
  'error.oauth.version_rejected':
    'Il servizio non accetta la versione del protocollo di questa console. Contatta l’assistenza del servizio.',
  'error.oauth.timestamp_refused':
    'Il servizio ha rifiutato l’accesso perché l’orologio di questo computer non coincide con il suo. Imposta correttamente data, ora e fuso orario, poi accedi di nuovo.',
  'error.oauth.nonce_used': 'La richiesta di accesso è stata inviata due volte. Riprova.',
  'error.oauth.consumer_key_unknown':
    'Il servizio non riconosce questa consumer key. Controllala, poi ricomincia.',
  'error.oauth.consumer_key_rejected':
    'Il servizio non accetta più questa consumer key. Chiedine una valida all’amministratore del tuo account.',
  'error.oauth.token_rejected': 'Il servizio non ha accettato questo accesso. Ricomincia.',
  'error.oauth.token_revoked': 'Questo accesso è stato revocato sul servizio. Accedi di nuovo.',
  'error.oauth.token_expired': 'Questo accesso è scaduto. Accedi di nuovo.',
  'error.oauth.token_used': 'Questo passaggio dell’accesso è già stato completato. Ricomincia.',
  'error.oauth.signature_invalid':
    'Il servizio non ha accettato la firma della richiesta. Controlla consumer key e consumer secret, poi ricomincia.',
  'error.oauth.verifier_invalid':
    'Il PIN non è stato accettato. Controllalo nella pagina di autorizzazione e inseriscilo di nuovo, oppure ricomincia.',
  'error.oauth.user_refused':
    'L’accesso è stato negato nella pagina di autorizzazione. Ricomincia e consenti l’accesso.',
  'error.oauth.permission_denied':
    'Il servizio non ha concesso l’accesso a questo account. Rivolgiti all’amministratore del tuo account.',

  'error.app.offlineSince':
    'Offline da {since}: le modifiche non vengono inviate finché il servizio non è raggiungibile. Riprova quando sarà di nuovo disponibile.',
  'error.app.cachedSignedOut':
    'Disconnesso: l’accesso dell’ultima esecuzione non è stato conservato. Accedi per aggiornare.',
  'error.app.signInToChange': 'Accedi per apportare modifiche.',
  'error.app.reauthToChange':
    'Il servizio non accetta più questo accesso. Accedi di nuovo prima di apportare modifiche.',
  'error.app.signInToSaveViews': 'Accedi per salvare le viste.',
  'error.app.signInToChangeWatches': 'Accedi per modificare gli avvisi.',
  'error.app.signInForHistory': 'Accedi per vedere lo storico degli stati.',
  'error.app.historyNotOpened':
    'Non è stato possibile aprire lo storico degli stati salvato su questo computer; l’elenco dei dispositivi non ne risente.',
  'error.app.conflictGone': 'Quella modifica non attende più una scelta: è già stata risolta.',
  'error.app.bulkGone':
    'Quella modifica in blocco non è più nota: è terminata o è stata rimossa dopo un riavvio.',
  'error.app.outboxClosed':
    'Non si possono mettere in coda modifiche senza aver effettuato l’accesso. Accedi, poi riprova.',
  'error.app.resumeSync': 'Accedi di nuovo per riprendere la sincronizzazione.',
  'error.app.keychainMissing':
    'Il portachiavi di questo computer non è disponibile, quindi il tuo accesso non può essere ricordato. Puoi continuare solo per questa esecuzione (dopo la chiusura dovrai accedere di nuovo).',
  'error.app.savedSignInMissing':
    'Il tuo accesso salvato non è stato trovato nel portachiavi di questo computer (potrebbe essere stato rimosso o reimpostato), quindi devi accedere di nuovo. La copia offline di quell’account è stata rimossa insieme a esso.',
  'error.app.consumerSecretRequired': 'Inserisci il consumer secret.',
  'error.app.pinWithoutSignIn': 'Avvia prima l’accesso: il PIN appartiene a un accesso in corso.',
  'error.app.linkNotAllowed': 'Da qui si aprono solo le pagine del servizio dell’account.',
  'error.app.linkFailed': 'Impossibile aprire il link da qui. Aprilo nel tuo browser.',
  'error.app.lastAccount': 'È l’unico account: esci invece da questo.',
  'error.app.accountUnknown': 'Questo account non è più in questa console.',
  'error.app.accountTwice':
    'Questo utente di questo servizio è già in questa console come account «{account}»: passa invece a quello.',
  'error.app.oneAccountOnly': 'Questa esecuzione contiene un solo account.',
  'error.app.folderIntoItself':
    'Una cartella non può essere spostata in se stessa né in una delle sue sottocartelle.',
  'error.app.sessionFinished': 'Questa sessione è terminata, quindi non può più essere modificata.',
  'error.app.endBeforeStart': 'La fine prevista deve essere successiva all’inizio previsto.',
  'error.app.invalidField': 'Il valore di «{field}» non è stato accettato. Controllalo, poi riprova.',
  'error.app.unknownRequest': 'La console ha inviato una richiesta che non conosce. Riavviala.',
  'error.app.notFromWindow': 'Questa richiesta non proviene dalla finestra di Support Console.',
  'error.app.hostAnswered': 'L’app ha risposto con lo stato HTTP {status}. Riprova; se persiste, riavviala.',
  'error.app.mainLost':
    'La console ha perso il contatto con il suo processo principale. Riavvia l’app se persiste.',
  'error.app.cacheUnreadable': 'La copia offline salvata non era leggibile, quindi non viene mostrata.',
  'error.app.loadingAccount': 'Caricamento dell’account',

  'error.app.reauthReason':
    'Il servizio non accetta più questo accesso (è stato revocato o è scaduto). I tuoi dati restano visibili; accedi di nuovo per riprendere la sincronizzazione.',
  'error.app.sessionFinishedDelete':
    'Una sessione terminata non può essere eliminata: il servizio la conserva come registro dell’assistenza prestata.',
  'error.app.createOutcomeUnknown':
    'Il servizio non ha risposto in tempo, quindi l’elemento potrebbe essere stato creato o no. Controlla l’elenco (è in aggiornamento) prima di riprovare.',
  'error.app.folderNotEmpty':
    'La cartella «{name}» non è vuota. Sposta prima {devices, plural, =0 {} one {il suo # dispositivo} other {i suoi # dispositivi}}{devices, select, 0 {} other {{folders, select, 0 {} other { e }}}}{folders, plural, =0 {} one {la sua # sottocartella} other {le sue # sottocartelle}}, poi eliminala.',

  'error.detail.code': 'Codice del servizio {code}',
  'error.detail.http': 'Stato HTTP {status}',
};
