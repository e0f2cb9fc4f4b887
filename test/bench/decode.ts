// decode_mb_per_s and decode_vs_fxp_ratio on the bytes the running service sent: the devices document is
// fetched once, signed, exactly as the app's client fetches it (the client's decoder hook hands over the
// text it received), then the project's decodeDevices and fast-xml-parser with its defaults each parse
// those same bytes, alternately, after one warm-up each. A full collection comes before each timed parse:
// otherwise each parser paid, inside its own timing, for collecting what the other had just left (fast-xml-
// parser's tree of a 38 MB document, or 100,000 devices), and the ratio wandered 3.3-5.1 × from run to run.
// Each parser's own garbage still counts against it.
import { XMLParser } from 'fast-xml-parser';
import { heapRelease } from '../../electron/core/thread-heap.js';
import { nodeHmacSha1 } from '../../electron/platform/node-crypto.js';
import { ServiceClient } from '../../shared/client/service-client.js';
import { accessToken, authorizeUrl, createRequestSigner, requestToken } from '../../shared/oauth/index.js';
import type { Device } from '../../shared/model.js';
import { decodeDevices } from '../../shared/xml/index.js';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';

export async function fetchDevicesDocument(baseUrl: string): Promise<string> {
  const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });
  const consumer = { key: DEMO.consumerKey, secret: DEMO.consumerSecret };
  const request = await requestToken({ baseUrl, consumer, signer });
  const verifier = await approveOnAuthorizePage(authorizeUrl(baseUrl, request), DEMO.email, DEMO.password);
  const token = await accessToken({ baseUrl, consumer, signer, requestToken: request, verifier });
  let sent: string | null = null;
  const client = new ServiceClient({
    baseUrl,
    consumer,
    signer,
    token: { token: token.token, secret: token.secret },
    decode: {
      devices: async (xml) => {
        sent = xml;
        return [];
      },
    },
  });
  await client.listDevices();
  if (sent === null) throw new Error('the service sent no devices document');
  return sent;
}

export interface DecodeRun {
  mbPerS: number;
  ratio: number;
  decodeMs: number;
  fxpMs: number;
}

/** The timed runs, and the devices decoded by the first, untimed one (which also checks the count). */
export function measureDecode(
  xml: string,
  expectedDevices: number,
  runs: number,
): { runs: DecodeRun[]; devices: Device[] } {
  const megabytes = Buffer.byteLength(xml, 'utf8') / 1e6;
  const parser = new XMLParser();
  const decoded = decodeDevices(xml);
  if (decoded.length !== expectedDevices) {
    throw new Error(`decodeDevices read ${decoded.length} devices of ${expectedDevices}`);
  }
  parser.parse(xml);
  const collect = heapRelease();
  if (!collect) throw new Error('no full collection to be had (v8 --expose-gc): the ratio would not be fair');
  const out: DecodeRun[] = [];
  for (let i = 0; i < runs; i++) {
    collect();
    let t = performance.now();
    decodeDevices(xml);
    const decodeMs = performance.now() - t;
    collect();
    t = performance.now();
    parser.parse(xml);
    const fxpMs = performance.now() - t;
    out.push({ mbPerS: megabytes / (decodeMs / 1000), ratio: fxpMs / decodeMs, decodeMs, fxpMs });
  }
  return { runs: out, devices: decoded };
}
