// Names for enum values, as every screen and the status presentation show them: known ones translated,
// unknown ones shown as they came.

import type { DeviceStatus, Language, SessionState, User, UserRole } from '../../shared/model.js';
import { enumValue, isUnknownEnum } from '../../shared/model.js';
import { t } from '../i18n/index.js';

export function roleName(role: UserRole | null): string {
  if (role === null) return t('common.none');
  if (isUnknownEnum(role)) return t('common.unknownValue', { value: role.unknown });
  return t(`role.${role}`);
}

export function languageName(language: Language | null): string {
  if (language === null) return t('common.none');
  if (isUnknownEnum(language)) return t('common.unknownValue', { value: language.unknown });
  return t(`language.${language}`);
}

export function statusName(status: DeviceStatus | null): string {
  if (status === null) return t('status.unknown');
  if (isUnknownEnum(status)) return t('common.unknownValue', { value: status.unknown });
  return t(`status.${status}`);
}

export function sessionStateName(state: SessionState | null): string {
  if (state === null) return t('status.unknown');
  if (isUnknownEnum(state)) return enumValue(state);
  return t(`sessions.state.${state}`);
}

export function userName(user: Pick<User, 'firstname' | 'lastname' | 'email' | 'id'>): string {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return name || user.email || user.id;
}
