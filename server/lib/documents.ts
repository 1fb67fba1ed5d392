import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject } from 'pdf-lib';
import { AppError } from './errors.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG } from '#contract/riwayat.ts';

// Dictionary keys of content that runs or opens something when the file is viewed: scripts,
// embedded files, rich media, XFA forms.
const ACTIVE_KEYS = new Set(['JavaScript', 'JS', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
// Names that mark an action or object as active wherever they appear as a value, e.g. an
// OpenAction or AA entry `<< /S /Launch … >>`. A plain go-to (the view to open on, common in
// office exports) is harmless and stays allowed.
const ACTIVE_NAMES = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMedia', 'RichMediaExecute', 'EmbeddedFile', 'GoToE']);
// The same names in the raw bytes, for objects the parser skips as broken (it does not throw on
// them) but a viewer might still run. Only names of seven letters or more: shorter ones (/JS,
// /AA) occur by chance in compressed image streams of scanned documents.
const ACTIVE_TEXT = /\/(JavaScript|Launch|EmbeddedFiles?|RichMedia|SubmitForm|ImportData)\b/;
// A name written with #xx escapes (/J#61vaScript): decoded before the raw check.
const ESCAPED_NAME = /\/(?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})*#[0-9A-Fa-f]{2}(?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})*/g;

function rawTextIsActive(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (ACTIVE_TEXT.test(text)) return true;
  for (const [name] of text.matchAll(ESCAPED_NAME)) {
    if (ACTIVE_TEXT.test(name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))) return true;
  }
  return false;
}

const nameOf = (o: PDFObject) => (o instanceof PDFName ? o.decodeText() : null);

/** Whether an object, or any dictionary or array written inside it, is active. */
function isActive(root: PDFObject): boolean {
  const stack: PDFObject[] = [root];
  for (let budget = 100_000; stack.length && budget > 0; budget--) {
    const o = stack.pop()!;
    const streamDict = (o as unknown as { dict?: unknown }).dict;
    const dict = o instanceof PDFDict ? o : streamDict instanceof PDFDict ? streamDict : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (ACTIVE_KEYS.has(key.decodeText())) return true;
        const name = nameOf(value);
        if (name !== null && ACTIVE_NAMES.has(name)) return true;
        stack.push(value);
      }
    } else if (o instanceof PDFArray) {
      for (const item of o.asArray()) {
        const name = nameOf(item);
        if (name !== null && ACTIVE_NAMES.has(name)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Checks an uploaded document by its bytes: a real, readable, unencrypted PDF of at most 10 MB
 * without scripts, launch or submit actions, embedded files or rich media, looking inside
 * compressed object streams and nested dictionaries too. The bytes are then stored as they are,
 * never re-written.
 */
export async function checkPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new AppError(413, 'file.too_large', DOCUMENT_MSG.tooLarge);
  if (bytes.length < 64 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(415, 'file.type', DOCUMENT_MSG.type);
  if (!bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1').includes('%%EOF')) throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  if (rawTextIsActive(bytes)) throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw new AppError(415, 'file.unreadable', DOCUMENT_MSG.unreadable);
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (isActive(object)) throw new AppError(415, 'file.active', DOCUMENT_MSG.active);
  }
}
