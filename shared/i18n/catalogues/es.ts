// Español. Same keys and ICU arguments as en.ts.

import type { SharedMessageKey } from './en.js';

export const sharedEs: Partial<Record<SharedMessageKey, string>> = {
  'tray.open': 'Abrir Support Console',
  'tray.quit': 'Salir de Support Console',
  'tray.refresh': 'Actualizar ahora',
  'tray.pause': 'Pausar las notificaciones durante una hora',
  'tray.resume': 'Reanudar las notificaciones',
  'tray.status':
    '{status, select, signedOut {Sesión cerrada} online {En línea} other {Sin conexión: se muestran los datos guardados}}',
  'tray.ongoing': 'En curso',
  'tray.upcoming': 'Próximas',
  'tray.sessionWithCode': '{customer} — código {code} (clic para copiar)',
  'tray.sessionNoCode': '{customer} — aún sin código',
  'tray.more': '{count, plural, one {# más…} other {# más…}}',
  'tray.unnamedCustomer': 'Cliente sin nombre',
  'tray.tooltip.app': 'Support Console',
  'tray.tooltip.status':
    '{status, select, signedOut {sesión cerrada} online {en línea} other {sin conexión (datos guardados)}}',
  'tray.tooltip.ongoing': '{count, plural, one {# sesión en curso} other {# sesiones en curso}}',
  'tray.tooltip.upcoming': '{count, plural, one {# sesión próxima} other {# sesiones próximas}}',
  'tray.devices':
    'Dispositivos: {online, number} en línea, {offline, number} sin conexión, {busy, number} ocupados',
  'tray.outage': 'Caída: {name} ({devices, number} de {size, number} sin conexión)',
  'tray.watchedDown': 'Vigilado, sin conexión: {label}',
  'tray.watchedMore':
    '{count, plural, one {# vigilado más sin conexión…} other {# vigilados más sin conexión…}}',
  'tray.tooltip.devices':
    '{online, number} en línea, {offline, number} sin conexión, {busy, number} ocupados',
  'tray.tooltip.outages': '{count, plural, one {# caída} other {# caídas}}',
  'tray.tooltip.watchedDown': '{count, number} vigilados sin conexión',
  'tray.tooltip.paused': 'notificaciones en pausa',
  'tray.account':
    '{name}: {status, select, signedOut {sesión cerrada} online {en línea} other {sin conexión}}',
  'notice.fromAccount': '{account}: {title}',

  'notice.started':
    '{count, plural, one {Ha comenzado una sesión de soporte} other {Han comenzado # sesiones de soporte}}',
  'notice.reminder':
    '{count, plural, one {{minutes, plural, one {Una sesión de soporte empieza dentro de # minuto} other {Una sesión de soporte empieza dentro de # minutos}}} other {# sesiones de soporte empiezan en breve}}',
  'notice.who': '{customer} (código {code})',
  'notice.more': '{names} y {count, plural, one {# más} other {# más}}',
  'notice.unnamedCustomer': 'Cliente sin nombre',

  'statusNotice.group':
    '{kind, select, outage {{count, plural, one {Caída de sede} other {# caídas de sede}}} outageEnd {{count, plural, one {Caída de sede terminada} other {# caídas de sede terminadas}}} offline {{count, plural, one {# dispositivo se desconectó} other {# dispositivos se desconectaron}}} online {{count, plural, one {# dispositivo volvió} other {# dispositivos volvieron}}} offlineLong {{count, plural, one {# dispositivo sin conexión demasiado tiempo} other {# dispositivos sin conexión demasiado tiempo}}} other {{count, plural, one {# dispositivo ocupado demasiado tiempo} other {# dispositivos ocupados demasiado tiempo}}}}',
  'statusNotice.single':
    '{kind, select, offline {{label} se desconectó} online {{label} volvió} offlineLong {{label} lleva demasiado tiempo sin conexión} other {{label} lleva demasiado tiempo ocupado}}',
  'statusNotice.flapping': '{label} (inestable)',
  'statusNotice.outageLabel':
    '{name} ({devices, number} de {size, plural, one {# dispositivo} other {# dispositivos}})',
  'statusNotice.unnamedDevice': 'Dispositivo {id}',
  'statusNotice.unnamedFolder': 'Carpeta {id}',
  'statusNotice.alerts': '{count, plural, one {# alerta de dispositivo} other {# alertas de dispositivos}}',
  'statusNotice.line': '{phrase}: {names}',

  'menu.edit': 'Edición',
  'updater.ready': '{product} {version} está listo para instalarse.',
  'updater.readyDetail': 'Reinicie ahora para usarlo, o más tarde: se instala al salir de la aplicación.',
  'updater.restartNow': 'Reiniciar ahora',
  'updater.later': 'Más tarde',

  'error.code.1000': 'Este dispositivo ya no existe en el servicio. Actualice la lista de dispositivos.',
  'error.code.1001': 'De un dispositivo solo se pueden cambiar el alias y la carpeta.',
  'error.code.1002':
    'El servicio no aceptó uno de los datos de la sesión. Revise el idioma y los horarios previstos y vuelva a guardar.',
  'error.code.1002.customerMail':
    'El servicio no aceptó esta dirección de correo. Escríbala como nombre@empresa.com o deje el campo vacío.',
  'error.code.1002.language': 'El servicio no aceptó este idioma. Elija uno de la lista.',
  'error.code.1002.plannedInitTime':
    'El servicio no aceptó este inicio previsto. Compruebe la fecha y la hora.',
  'error.code.1002.plannedEndTime':
    'El servicio no aceptó este fin previsto. Compruebe la fecha y la hora; debe ser posterior al inicio.',
  'error.code.1100': 'Esta carpeta ya no existe en el servicio. Actualice el árbol de carpetas.',
  'error.code.1101': 'Ya existe una carpeta con este nombre en este nivel. Elija otro nombre.',
  'error.code.1103':
    'Esta carpeta no está vacía. Mueva primero sus dispositivos y subcarpetas y después elimínela.',
  'error.code.1200': 'Este usuario ya no existe en el servicio. Actualice la lista de usuarios.',
  'error.code.1300': 'Esta sesión de soporte ya no existe en el servicio. Actualice la lista de sesiones.',
  'error.code.1301': 'Una sesión de soporte necesita el nombre del cliente. Escríbalo y vuelva a guardar.',
  'error.code.1302': 'Una sesión de soporte necesita un idioma. Elija uno y vuelva a guardar.',
  'error.code.other':
    'El servicio rechazó la solicitud. Inténtelo de nuevo; si vuelve a ocurrir, contacte con soporte indicando el código de abajo.',

  'error.http.busy': 'El servicio está ocupado. Espere un momento y vuelva a intentarlo.',
  'error.http.busyFor':
    'El servicio está ocupado. Espere {seconds, plural, one {# segundo} other {# segundos}} y vuelva a intentarlo.',
  'error.http.busyForMinutes':
    'El servicio está ocupado. Espere {minutes, plural, one {# minuto} other {# minutos}} y vuelva a intentarlo.',
  'error.http.busyForHours':
    'El servicio está ocupado. Espere {hours, plural, one {# hora} other {# horas}} y vuelva a intentarlo.',
  'error.http.unavailable':
    'El servicio no está disponible en este momento. Espere un momento y vuelva a intentarlo.',
  'error.http.notFound': 'El elemento no se encontró en el servicio. Actualice y vuelva a intentarlo.',
  'error.createdWithoutLocation':
    'El servicio no indicó qué elemento creó, así que puede que se haya creado. Actualice antes de volver a intentarlo.',

  'error.kind.service': 'El servicio rechazó la solicitud. Actualice y vuelva a intentarlo.',
  'error.kind.not-signed-in': 'Su inicio de sesión ya no es válido. Vuelva a iniciar sesión.',
  'error.kind.not-allowed':
    'Su cuenta no tiene permiso para hacer esto. Pídaselo a un administrador de la cuenta.',
  'error.kind.clock-skew':
    'El servicio rechazó la solicitud porque el reloj de este equipo no coincide con el suyo. Ajuste la fecha, la hora y la zona horaria (o active la hora automática) y vuelva a intentarlo.',
  'error.kind.network':
    'No se pudo conectar con el servicio. Compruebe la conexión de red y vuelva a intentarlo.',
  'error.kind.network.write':
    'La conexión se cortó mientras se enviaba el cambio, así que puede que se haya hecho o no. Actualice antes de volver a intentarlo.',
  'error.kind.timeout': 'El servicio no respondió a tiempo. Vuelva a intentarlo en un momento.',
  'error.kind.timeout.write':
    'El servicio no respondió a tiempo, así que puede que haya hecho el cambio. Actualice antes de volver a intentarlo.',
  'error.kind.cancelled': 'La solicitud se canceló.',
  'error.kind.malformed-response':
    'No se pudo leer la respuesta del servicio. Vuelva a intentarlo; si vuelve a ocurrir, contacte con soporte.',
  'error.kind.offline': 'Está sin conexión. Podrá hacer cambios de nuevo cuando el servicio esté accesible.',
  'error.kind.validation': 'Algunos datos no se aceptaron. Revíselos y vuelva a intentarlo.',
  'error.kind.keychain':
    'No se pudo usar el llavero de este equipo. Desbloquéelo o continúe sin guardar el inicio de sesión.',
  'error.kind.storage':
    'La consola no pudo escribir sus archivos en este equipo. Compruebe el espacio libre en disco y vuelva a intentarlo.',
  'error.kind.internal': 'Algo falló dentro de la consola. Vuelva a intentarlo; si persiste, reiníciela.',

  'error.oauth.parameter_absent':
    'La solicitud de inicio de sesión estaba incompleta. Empiece de nuevo; si vuelve a ocurrir, contacte con soporte.',
  'error.oauth.parameter_rejected':
    'El servicio no aceptó la solicitud de inicio de sesión. Empiece de nuevo; si vuelve a ocurrir, contacte con soporte.',
  'error.oauth.signature_method_rejected':
    'El servicio no acepta el método de firma de esta consola. Contacte con el soporte del servicio.',
  'error.oauth.version_rejected':
    'El servicio no acepta la versión del protocolo de esta consola. Contacte con el soporte del servicio.',
  'error.oauth.timestamp_refused':
    'El servicio rechazó el inicio de sesión porque el reloj de este equipo no coincide con el suyo. Ajuste la fecha, la hora y la zona horaria y vuelva a iniciar sesión.',
  'error.oauth.nonce_used': 'La solicitud de inicio de sesión se envió dos veces. Vuelva a intentarlo.',
  'error.oauth.consumer_key_unknown':
    'El servicio no reconoce esta clave de consumidor. Revísela y empiece de nuevo.',
  'error.oauth.consumer_key_rejected':
    'El servicio ya no acepta esta clave de consumidor. Pida una válida al administrador de su cuenta.',
  'error.oauth.token_rejected': 'El servicio no aceptó este inicio de sesión. Empiece de nuevo.',
  'error.oauth.token_revoked': 'Este inicio de sesión se revocó en el servicio. Vuelva a iniciar sesión.',
  'error.oauth.token_expired': 'Este inicio de sesión ha caducado. Vuelva a iniciar sesión.',
  'error.oauth.token_used': 'Este paso del inicio de sesión ya se completó. Empiece de nuevo.',
  'error.oauth.signature_invalid':
    'El servicio no aceptó la firma de la solicitud. Revise la clave y el secreto de consumidor y empiece de nuevo.',
  'error.oauth.verifier_invalid':
    'El PIN no se aceptó. Compruébelo en la página de autorización y vuelva a escribirlo, o empiece de nuevo.',
  'error.oauth.user_refused':
    'Se denegó el acceso en la página de autorización. Empiece de nuevo y permita el acceso.',
  'error.oauth.permission_denied':
    'El servicio no concedió acceso a esta cuenta. Consulte al administrador de su cuenta.',

  'error.app.offlineSince':
    'Sin conexión desde {since}: los cambios no se envían mientras no se pueda contactar con el servicio. Vuelva a intentarlo cuando esté disponible.',
  'error.app.cachedSignedOut':
    'Sesión cerrada: el inicio de sesión de la última ejecución no se guardó. Inicie sesión para actualizar.',
  'error.app.signInToChange': 'Inicie sesión para hacer cambios.',
  'error.app.reauthToChange':
    'El servicio ya no acepta este inicio de sesión. Vuelva a iniciar sesión antes de hacer cambios.',
  'error.app.signInToSaveViews': 'Inicie sesión para guardar vistas.',
  'error.app.signInToChangeWatches': 'Inicie sesión para cambiar las alertas.',
  'error.app.signInForHistory': 'Inicie sesión para ver el historial de estados.',
  'error.app.historyNotOpened':
    'No se pudo abrir el historial de estados guardado en este equipo; la lista de dispositivos no se ve afectada.',
  'error.app.conflictGone': 'Ese cambio ya no espera una decisión: ya se resolvió.',
  'error.app.bulkGone': 'Ese cambio masivo ya no se conoce: terminó o se borró tras un reinicio.',
  'error.app.outboxClosed':
    'No se pueden poner cambios en cola sin sesión iniciada. Inicie sesión y vuelva a intentarlo.',
  'error.app.resumeSync': 'Vuelva a iniciar sesión para reanudar la sincronización.',
  'error.app.keychainMissing':
    'El llavero de este equipo no está disponible, así que no se puede recordar su inicio de sesión. Puede continuar solo durante esta ejecución (tendrá que volver a iniciar sesión después de salir).',
  'error.app.savedSignInMissing':
    'No se encontró su inicio de sesión guardado en el llavero de este equipo (puede que se haya eliminado o restablecido), así que debe volver a iniciar sesión. La copia sin conexión de esa cuenta se eliminó con él.',
  'error.app.consumerSecretRequired': 'Escriba el secreto de consumidor.',
  'error.app.pinWithoutSignIn':
    'Empiece primero el inicio de sesión: el PIN pertenece a un inicio de sesión en curso.',
  'error.app.linkNotAllowed': 'Desde aquí solo se abren páginas del servicio de la propia cuenta.',
  'error.app.linkFailed': 'El enlace no se pudo abrir aquí. Ábralo en su navegador.',
  'error.app.lastAccount': 'Es la única cuenta: cierre la sesión en su lugar.',
  'error.app.accountUnknown': 'Esa cuenta ya no está en esta consola.',
  'error.app.accountTwice':
    'Este usuario de este servicio ya está en esta consola como la cuenta «{account}»: cambie a ella en su lugar.',
  'error.app.oneAccountOnly': 'Esta ejecución solo contiene una cuenta.',
  'error.app.folderIntoItself':
    'Una carpeta no se puede mover dentro de sí misma ni de una de sus subcarpetas.',
  'error.app.sessionFinished': 'Esta sesión ha terminado, así que ya no se puede modificar.',
  'error.app.endBeforeStart': 'El fin previsto debe ser posterior al inicio previsto.',
  'error.app.invalidField': 'No se aceptó el valor de «{field}». Revíselo y vuelva a intentarlo.',
  'error.app.unknownRequest': 'La consola envió una solicitud que no reconoce. Reiníciela.',
  'error.app.notFromWindow': 'Esta solicitud no procede de la ventana de Support Console.',
  'error.app.hostAnswered':
    'La aplicación respondió con el estado HTTP {status}. Vuelva a intentarlo; si persiste, reiníciela.',
  'error.app.mainLost':
    'La consola perdió el contacto con su proceso principal. Reinicie la aplicación si esto persiste.',
  'error.app.cacheUnreadable': 'No se pudo leer la copia sin conexión guardada, así que no se muestra.',
  'error.app.loadingAccount': 'Cargando la cuenta',

  'error.app.reauthReason':
    'El servicio ya no acepta este inicio de sesión (se revocó o caducó). Sus datos siguen visibles; vuelva a iniciar sesión para reanudar la sincronización.',
  'error.app.sessionFinishedDelete':
    'Una sesión terminada no se puede eliminar: el servicio la conserva como registro de la asistencia prestada.',
  'error.app.createOutcomeUnknown':
    'El servicio no respondió a tiempo, así que puede que se haya creado o no. Revise la lista (se está actualizando) antes de volver a intentarlo.',
  'error.app.folderNotEmpty':
    'La carpeta «{name}» no está vacía. Mueva primero {devices, plural, =0 {} one {su # dispositivo} other {sus # dispositivos}}{devices, select, 0 {} other {{folders, select, 0 {} other { y }}}}{folders, plural, =0 {} one {su # subcarpeta} other {sus # subcarpetas}} y después elimínela.',

  'error.detail.code': 'Código del servicio {code}',
  'error.detail.http': 'Estado HTTP {status}',
};
