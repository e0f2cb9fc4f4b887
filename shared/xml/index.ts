// The XML codec of the service's documents (spec §2, §4, §7): what the client decodes and encodes, and what
// the stand-in service encodes and decodes. One module so both sides read and write the same wire.

export { XmlError, isXmlError, type XmlErrorReason } from './xml-error.js';
export { MAX_XML_DEPTH, normaliseTimestamp } from './read.js';
export {
  DEFAULT_MAX_COLLECTION_BYTES,
  DEFAULT_MAX_RESOURCE_BYTES,
  decodeDevice,
  decodeDevices,
  decodeFolder,
  decodeFolders,
  decodeSupportSession,
  decodeSupportSessions,
  decodeUser,
  decodeUsers,
  encodeDevice,
  encodeDevices,
  encodeFolder,
  encodeFolders,
  encodeSupportSession,
  encodeSupportSessions,
  encodeUser,
  encodeUsers,
  type DecodeOptions,
} from './resources.js';
export {
  decodeDeviceUpdate,
  decodeFolderInput,
  decodeSessionInput,
  encodeDeviceUpdate,
  encodeFolderInput,
  encodeSessionCreate,
  encodeSessionUpdate,
  type DecodedInputReport,
  type DeviceUpdateDecoded,
  type FolderInputDecoded,
  type InvalidField,
  type InvalidFieldProblem,
  type SessionInputDecoded,
} from './inputs.js';
export {
  decodeErrorBody,
  encodeErrorBody,
  type DecodedErrorBody,
  type ErrorBodyInput,
} from './error-body.js';
export { XML_DECLARATION, escapeXml } from './write.js';
