// Français. Same keys and ICU arguments as en.ts.

import type { SharedMessageKey } from './en.js';

export const sharedFr: Partial<Record<SharedMessageKey, string>> = {
  'tray.open': 'Ouvrir Support Console',
  'tray.quit': 'Quitter Support Console',
  'tray.refresh': 'Actualiser maintenant',
  'tray.pause': 'Suspendre les notifications pendant une heure',
  'tray.resume': 'Réactiver les notifications',
  'tray.status':
    '{status, select, signedOut {Déconnecté} online {En ligne} other {Hors ligne : données enregistrées affichées}}',
  'tray.ongoing': 'En cours',
  'tray.upcoming': 'À venir',
  'tray.sessionWithCode': '{customer} — code {code} (cliquer pour copier)',
  'tray.sessionNoCode': '{customer} — pas encore de code',
  'tray.more': '{count, plural, one {# de plus…} other {# de plus…}}',
  'tray.unnamedCustomer': 'Client sans nom',
  'tray.tooltip.app': 'Support Console',
  'tray.tooltip.status':
    '{status, select, signedOut {déconnecté} online {en ligne} other {hors ligne (données enregistrées)}}',
  'tray.tooltip.ongoing': '{count, plural, one {# session en cours} other {# sessions en cours}}',
  'tray.tooltip.upcoming': '{count, plural, one {# session à venir} other {# sessions à venir}}',
  'tray.devices':
    'Appareils : {online, number} en ligne, {offline, number} hors ligne, {busy, number} occupés',
  'tray.outage': 'Panne : {name} ({devices, number} sur {size, number} hors ligne)',
  'tray.watchedDown': 'Surveillé, hors ligne : {label}',
  'tray.watchedMore':
    '{count, plural, one {# autre appareil surveillé hors ligne…} other {# autres appareils surveillés hors ligne…}}',
  'tray.tooltip.devices': '{online, number} en ligne, {offline, number} hors ligne, {busy, number} occupés',
  'tray.tooltip.outages': '{count, plural, one {# panne} other {# pannes}}',
  'tray.tooltip.watchedDown': '{count, number} surveillés hors service',
  'tray.tooltip.paused': 'notifications suspendues',
  'tray.account': '{name} : {status, select, signedOut {déconnecté} online {en ligne} other {hors ligne}}',
  'notice.fromAccount': '{account} : {title}',

  'notice.started':
    '{count, plural, one {Une session d’assistance a commencé} other {# sessions d’assistance ont commencé}}',
  'notice.reminder':
    '{count, plural, one {{minutes, plural, one {Une session d’assistance commence dans # minute} other {Une session d’assistance commence dans # minutes}}} other {# sessions d’assistance commencent bientôt}}',
  'notice.who': '{customer} (code {code})',
  'notice.more': '{names} et {count, plural, one {# autre} other {# autres}}',
  'notice.unnamedCustomer': 'Client sans nom',

  'statusNotice.group':
    '{kind, select, outage {{count, plural, one {Panne de site} other {# pannes de site}}} outageEnd {{count, plural, one {Panne de site terminée} other {# pannes de site terminées}}} offline {{count, plural, one {# appareil est passé hors ligne} other {# appareils sont passés hors ligne}}} online {{count, plural, one {# appareil est revenu} other {# appareils sont revenus}}} offlineLong {{count, plural, one {# appareil hors ligne depuis trop longtemps} other {# appareils hors ligne depuis trop longtemps}}} other {{count, plural, one {# appareil occupé depuis trop longtemps} other {# appareils occupés depuis trop longtemps}}}}',
  'statusNotice.single':
    '{kind, select, offline {{label} est passé hors ligne} online {{label} est revenu} offlineLong {{label} est hors ligne depuis trop longtemps} other {{label} est occupé depuis trop longtemps}}',
  'statusNotice.flapping': '{label} (instable)',
  'statusNotice.outageLabel':
    '{name} ({devices, number} sur {size, plural, one {# appareil} other {# appareils}})',
  'statusNotice.unnamedDevice': 'Appareil {id}',
  'statusNotice.unnamedFolder': 'Dossier {id}',
  'statusNotice.alerts': '{count, plural, one {# alerte d’appareil} other {# alertes d’appareils}}',
  'statusNotice.line': '{phrase} : {names}',

  'menu.edit': 'Édition',
  'updater.ready': '{product} {version} est prêt à être installé.',
  'updater.readyDetail':
    'Redémarrez maintenant pour l’utiliser, ou plus tard : il s’installe quand vous quittez l’application.',
  'updater.restartNow': 'Redémarrer maintenant',
  'updater.later': 'Plus tard',

  'error.code.1000': 'Cet appareil n’existe plus sur le service. Actualisez la liste des appareils.',
  'error.code.1001': 'Seuls l’alias et le dossier d’un appareil peuvent être modifiés.',
  'error.code.1002':
    'Le service n’a pas accepté l’une des informations de la session. Vérifiez la langue et les horaires prévus, puis enregistrez à nouveau.',
  'error.code.1002.customerMail':
    'Le service n’a pas accepté cette adresse e-mail. Saisissez-la sous la forme nom@entreprise.fr, ou laissez le champ vide.',
  'error.code.1002.language': 'Le service n’a pas accepté cette langue. Choisissez-en une dans la liste.',
  'error.code.1002.plannedInitTime':
    'Le service n’a pas accepté ce début prévu. Vérifiez la date et l’heure.',
  'error.code.1002.plannedEndTime':
    'Le service n’a pas accepté cette fin prévue. Vérifiez la date et l’heure ; elle doit suivre le début.',
  'error.code.1100': 'Ce dossier n’existe plus sur le service. Actualisez l’arborescence des dossiers.',
  'error.code.1101': 'Un dossier portant ce nom existe déjà à ce niveau. Choisissez un autre nom.',
  'error.code.1103':
    'Ce dossier n’est pas vide. Déplacez d’abord ses appareils et ses sous-dossiers, puis supprimez-le.',
  'error.code.1200': 'Cet utilisateur n’existe plus sur le service. Actualisez la liste des utilisateurs.',
  'error.code.1300':
    'Cette session d’assistance n’existe plus sur le service. Actualisez la liste des sessions.',
  'error.code.1301':
    'Une session d’assistance a besoin du nom du client. Saisissez-le, puis enregistrez à nouveau.',
  'error.code.1302':
    'Une session d’assistance a besoin d’une langue. Choisissez-en une, puis enregistrez à nouveau.',
  'error.code.other':
    'Le service a refusé la demande. Réessayez ; si cela se reproduit, contactez le support en indiquant le code ci-dessous.',

  'error.http.busy': 'Le service est surchargé. Patientez un instant, puis réessayez.',
  'error.http.busyFor':
    'Le service est surchargé. Patientez {seconds, plural, one {# seconde} other {# secondes}}, puis réessayez.',
  'error.http.busyForMinutes':
    'Le service est surchargé. Patientez {minutes, plural, one {# minute} other {# minutes}}, puis réessayez.',
  'error.http.busyForHours':
    'Le service est surchargé. Patientez {hours, plural, one {# heure} other {# heures}}, puis réessayez.',
  'error.http.unavailable':
    'Le service n’est pas disponible pour le moment. Patientez un instant, puis réessayez.',
  'error.http.notFound': 'L’élément est introuvable sur le service. Actualisez, puis réessayez.',
  'error.createdWithoutLocation':
    'Le service n’a pas indiqué quel élément il a créé : il a donc peut-être été créé. Actualisez avant de réessayer.',

  'error.kind.service': 'Le service a refusé la demande. Actualisez, puis réessayez.',
  'error.kind.not-signed-in': 'Votre connexion n’est plus valide. Reconnectez-vous.',
  'error.kind.not-allowed':
    'Votre compte n’est pas autorisé à faire cela. Adressez-vous à un administrateur du compte.',
  'error.kind.clock-skew':
    'Le service a refusé la demande car l’horloge de cet ordinateur diffère de la sienne. Réglez correctement la date, l’heure et le fuseau horaire (ou activez l’heure automatique), puis réessayez.',
  'error.kind.network': 'Impossible de joindre le service. Vérifiez la connexion réseau, puis réessayez.',
  'error.kind.network.write':
    'La connexion a été coupée pendant l’envoi de la modification : elle a peut-être été appliquée, peut-être pas. Actualisez avant de réessayer.',
  'error.kind.timeout': 'Le service n’a pas répondu à temps. Réessayez dans un instant.',
  'error.kind.timeout.write':
    'Le service n’a pas répondu à temps : il a peut-être appliqué la modification. Actualisez avant de réessayer.',
  'error.kind.cancelled': 'La demande a été annulée.',
  'error.kind.malformed-response':
    'La réponse du service est illisible. Réessayez ; si cela se reproduit, contactez le support.',
  'error.kind.offline':
    'Vous êtes hors ligne. Les modifications seront de nouveau possibles dès que le service sera joignable.',
  'error.kind.validation': 'Certaines informations n’ont pas été acceptées. Vérifiez-les, puis réessayez.',
  'error.kind.keychain':
    'Le trousseau de cet ordinateur n’a pas pu être utilisé. Déverrouillez-le, ou continuez sans enregistrer la connexion.',
  'error.kind.storage':
    'La console n’a pas pu écrire ses fichiers sur cet ordinateur. Vérifiez l’espace disque libre, puis réessayez.',
  'error.kind.internal':
    'Une erreur s’est produite dans la console. Réessayez ; si elle persiste, redémarrez-la.',

  'error.oauth.parameter_absent':
    'La demande de connexion était incomplète. Recommencez ; si cela se reproduit, contactez le support.',
  'error.oauth.parameter_rejected':
    'Le service n’a pas accepté la demande de connexion. Recommencez ; si cela se reproduit, contactez le support.',
  'error.oauth.signature_method_rejected':
    'Le service n’accepte pas la méthode de signature de cette console. Contactez le support du service.',
  'error.oauth.version_rejected':
    'Le service n’accepte pas la version du protocole de cette console. Contactez le support du service.',
  'error.oauth.timestamp_refused':
    'Le service a refusé la connexion car l’horloge de cet ordinateur diffère de la sienne. Réglez correctement la date, l’heure et le fuseau horaire, puis reconnectez-vous.',
  'error.oauth.nonce_used': 'La demande de connexion a été envoyée deux fois. Réessayez.',
  'error.oauth.consumer_key_unknown':
    'Le service ne connaît pas cette clé client. Vérifiez-la, puis recommencez.',
  'error.oauth.consumer_key_rejected':
    'Le service n’accepte plus cette clé client. Demandez-en une valide à l’administrateur de votre compte.',
  'error.oauth.token_rejected': 'Le service n’a pas accepté cette connexion. Recommencez.',
  'error.oauth.token_revoked': 'Cette connexion a été révoquée sur le service. Reconnectez-vous.',
  'error.oauth.token_expired': 'Cette connexion a expiré. Reconnectez-vous.',
  'error.oauth.token_used': 'Cette étape de la connexion a déjà été effectuée. Recommencez.',
  'error.oauth.signature_invalid':
    'Le service n’a pas accepté la signature de la demande. Vérifiez la clé et le secret client, puis recommencez.',
  'error.oauth.verifier_invalid':
    'Le code PIN n’a pas été accepté. Vérifiez-le sur la page d’autorisation et saisissez-le à nouveau, ou recommencez.',
  'error.oauth.user_refused':
    'L’accès a été refusé sur la page d’autorisation. Recommencez et autorisez l’accès.',
  'error.oauth.permission_denied':
    'Le service n’a pas accordé l’accès à ce compte. Adressez-vous à l’administrateur de votre compte.',

  'error.app.offlineSince':
    'Hors ligne depuis {since} : les modifications ne sont pas envoyées tant que le service est injoignable. Réessayez quand il sera de retour.',
  'error.app.cachedSignedOut':
    'Déconnecté : la connexion de la dernière exécution n’a pas été conservée. Connectez-vous pour actualiser.',
  'error.app.signInToChange': 'Connectez-vous pour apporter des modifications.',
  'error.app.reauthToChange':
    'Le service n’accepte plus cette connexion. Reconnectez-vous avant d’apporter des modifications.',
  'error.app.signInToSaveViews': 'Connectez-vous pour enregistrer des vues.',
  'error.app.signInToChangeWatches': 'Connectez-vous pour modifier les alertes.',
  'error.app.signInForHistory': 'Connectez-vous pour voir l’historique des états.',
  'error.app.historyNotOpened':
    'L’historique des états enregistré sur cet ordinateur n’a pas pu être ouvert ; la liste des appareils n’est pas concernée.',
  'error.app.conflictGone': 'Cette modification n’attend plus de choix : elle a déjà été résolue.',
  'error.app.bulkGone':
    'Cette modification groupée n’est plus connue : elle est terminée, ou a été effacée après un redémarrage.',
  'error.app.outboxClosed':
    'Impossible de mettre des modifications en file sans être connecté. Connectez-vous, puis réessayez.',
  'error.app.resumeSync': 'Reconnectez-vous pour reprendre la synchronisation.',
  'error.app.keychainMissing':
    'Le trousseau de cet ordinateur n’est pas disponible : votre connexion ne peut donc pas être mémorisée. Vous pouvez continuer pour cette exécution seulement (vous devrez vous reconnecter après avoir quitté).',
  'error.app.savedSignInMissing':
    'Votre connexion enregistrée est introuvable dans le trousseau de cet ordinateur (elle a peut-être été supprimée ou réinitialisée) : reconnectez-vous. La copie hors ligne de ce compte a été supprimée avec elle.',
  'error.app.consumerSecretRequired': 'Saisissez le secret client.',
  'error.app.pinWithoutSignIn':
    'Commencez d’abord la connexion : le code PIN appartient à une connexion en cours.',
  'error.app.linkNotAllowed': 'Seules les pages du service du compte s’ouvrent d’ici.',
  'error.app.linkFailed': 'Le lien n’a pas pu être ouvert ici. Ouvrez-le dans votre navigateur.',
  'error.app.lastAccount': 'C’est le seul compte : déconnectez-vous plutôt.',
  'error.app.accountUnknown': 'Ce compte n’est plus dans cette console.',
  'error.app.accountTwice':
    'Cet utilisateur de ce service est déjà dans cette console comme compte « {account} » : passez plutôt à celui-ci.',
  'error.app.oneAccountOnly': 'Cette exécution ne contient qu’un seul compte.',
  'error.app.folderIntoItself':
    'Un dossier ne peut pas être déplacé dans lui-même ni dans l’un de ses sous-dossiers.',
  'error.app.sessionFinished': 'Cette session est terminée : elle ne peut plus être modifiée.',
  'error.app.endBeforeStart': 'La fin prévue doit être postérieure au début prévu.',
  'error.app.invalidField': 'La valeur de « {field} » n’a pas été acceptée. Vérifiez-la, puis réessayez.',
  'error.app.unknownRequest': 'La console a envoyé une demande qu’elle ne connaît pas. Redémarrez-la.',
  'error.app.notFromWindow': 'Cette demande ne provient pas de la fenêtre de Support Console.',
  'error.app.hostAnswered':
    'L’application a répondu avec le statut HTTP {status}. Réessayez ; si cela persiste, redémarrez-la.',
  'error.app.mainLost':
    'La console a perdu le contact avec son processus principal. Redémarrez l’application si cela persiste.',
  'error.app.cacheUnreadable': 'La copie hors ligne enregistrée était illisible : elle n’est pas affichée.',
  'error.app.loadingAccount': 'Chargement du compte',

  'error.app.reauthReason':
    'Le service n’accepte plus cette connexion (elle a été révoquée ou a expiré). Vos données restent visibles ; reconnectez-vous pour reprendre la synchronisation.',
  'error.app.sessionFinishedDelete':
    'Une session terminée ne peut pas être supprimée : le service la conserve comme trace de l’assistance fournie.',
  'error.app.createOutcomeUnknown':
    'Le service n’a pas répondu à temps : l’élément a peut-être été créé, peut-être pas. Vérifiez la liste (elle est en cours d’actualisation) avant de réessayer.',
  'error.app.folderNotEmpty':
    'Le dossier « {name} » n’est pas vide. Déplacez d’abord {devices, plural, =0 {} one {son # appareil} other {ses # appareils}}{devices, select, 0 {} other {{folders, select, 0 {} other { et }}}}{folders, plural, =0 {} one {son # sous-dossier} other {ses # sous-dossiers}}, puis supprimez-le.',

  'error.detail.code': 'Code du service {code}',
  'error.detail.http': 'Statut HTTP {status}',
};
