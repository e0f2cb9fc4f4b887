// The HmacSha1 port of shared/oauth for the stand-in service. The app's copy lives in
// electron/platform/node-crypto.ts; service/ may not import electron/, so the one line is repeated here.
import { createHmac } from 'node:crypto';
import type { HmacSha1 } from '../../shared/oauth/types.js';

export const serviceHmacSha1: HmacSha1 = (key, text) =>
  createHmac('sha1', key).update(text, 'utf8').digest('base64');
