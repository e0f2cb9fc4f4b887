// Who the app is to the operating system. One module, imported by the main process and by the
// electron-builder config: Windows shows notifications only for an AppUserModelID that matches the
// installer's appId, so the two must never drift apart.

export const APP_ID = 'com.supportconsole.desktop';
export const PRODUCT_NAME = 'Support Console';
/** The file-name stem of the executable and of the user-data folder. */
export const EXECUTABLE_NAME = 'support-console';
