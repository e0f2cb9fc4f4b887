// The HmacSha1 port of shared/oauth for the main process: Node's crypto, no electron needed.
import { createHmac } from 'node:crypto';
import type { HmacSha1 } from '../../shared/oauth/types.js';

export const nodeHmacSha1: HmacSha1 = (key, text) =>
  createHmac('sha1', key).update(text, 'utf8').digest('base64');
