import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { qpdf } from './qpdf.ts';

// The check of uploaded PDFs. It fails closed: a file is 'ok' only when every object in it has been
// read and judged harmless. A stream, filter, predictor, encryption or structure the check cannot
// read fully makes the file 'unreadable' or 'encrypted', never 'ok'. docs/security.md ("PDF
// uploads") lists what is refused; decision 0046 says why qpdf reads the files.
//
// Three readings of the file are judged, because readers differ and an attacker picks the one
// that differs (a script in an object stream the checker could not decode, behind a harmless
// plain copy of the catalog, ran in pdf.js):
// 1. qpdf, as a viewer reads it: through the cross-reference, object streams unpacked with every
//    standard filter, abbreviated names, filter arrays and predictors, without a warning; every
//    stream with a lossless filter must decode without one too.
// 2. Every object written in the file, in file order, every version of it (an incremental update
//    defines an object again; a viewer that repairs a file takes another version than one that
//    does not): the plain objects as pdf-lib's parser reads them, and the objects of every object
//    stream in the file, used by the cross-reference or not, its data decoded by qpdf.
// 3. The raw bytes, for names written outside any object a parser accepts.

export type PdfVerdict = 'ok' | 'unreadable' | 'encrypted' | 'active' | 'too_complex';

/** More indirect objects than this is not an ordinary document (a 500-page text PDF has ~5,000). */
export const PDF_MAX_OBJECTS = 50_000;
/** Dictionary entries, array items and values judged in one file, and in one object, at most. */
const MAX_NODES = 2_000_000;
const MAX_NODES_PER_OBJECT = 100_000;

// Dictionary keys of content that runs or opens something: scripts, embedded files, rich media,
// XFA forms.
const ACTIVE_KEYS = new Set([
  'JavaScript',
  'JS',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'RichMediaContent',
  'XFA',
]);
// Names that mark an action, annotation or object as active wherever they appear as a value, e.g.
// `<< /S /Launch … >>`, `/Subtype /FileAttachment`. GoToR and GoToE open another file (a
// \\host\share path leaks the Windows credentials); the media kinds play or run content. A plain
// go-to (the view to open on, common in office exports) stays allowed.
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'Launch',
  'GoToR',
  'GoToE',
  'ImportData',
  'SubmitForm',
  'ResetForm',
  'Rendition',
  'RichMedia',
  'RichMediaExecute',
  'EmbeddedFile',
  'FileAttachment',
  'Movie',
  'Sound',
  'Screen',
  '3D',
  'GoTo3DView',
]);
// A web address is fine behind a link the reader clicks; opened by itself (the document's
// OpenAction, or an additional action: page opened, field entered…) it tells a server who reads
// the file and when.
const AUTOMATIC = new Set(['OpenAction', 'AA']);
// Every standard stream filter (PDF 32000-1 7.4) and its abbreviation (inline images, but readers
// accept them everywhere). Any other name is a filter nobody can read.
const FILTERS = new Set([
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'FlateDecode',
  'Fl',
  'RunLengthDecode',
  'RL',
  'CCITTFaxDecode',
  'CCF',
  'DCTDecode',
  'DCT',
  'JBIG2Decode',
  'JPXDecode',
  'Crypt',
]);

// The same names in the raw bytes, for objects no parser accepts but a viewer might still run.
// Only names of five letters or more: shorter ones (/JS, /AA, /3D) occur by chance in compressed
// image streams of scanned documents.
const ACTIVE_TEXT =
  /\/(JavaScript|Launch|GoToR|GoToE|EmbeddedFiles?|RichMedia|SubmitForm|ResetForm|ImportData|Rendition)\b/;
// A name holding a #xx escape (/J#61vaScript), decoded before the raw check. Written so that no
// part can match the same bytes two ways: linear time.
const ESCAPED_NAME = /\/[A-Za-z0-9]*#[0-9A-Fa-f]{2}(?:[A-Za-z0-9]|#[0-9A-Fa-f]{2})*/g;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

function rawTextIsActive(text: string): boolean {
  if (ACTIVE_TEXT.test(text)) return true;
  for (const [name] of text.matchAll(ESCAPED_NAME)) {
    if (
      ACTIVE_TEXT.test(name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    )
      return true;
  }
  return false;
}

/** Object headers (`12 0 obj`) written in the file, counted without a regular expression. */
function countObjects(bytes: Uint8Array, stopAt: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let i = buf.indexOf('obj', 1, 'latin1'); i >= 0 && n <= stopAt; i = buf.indexOf('obj', i + 3, 'latin1')) {
    if (WHITESPACE.has(buf[i - 1]!)) n++;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// One form for objects from both readers: qpdf's JSON (version 2) form. Names are '/Name'
// (escapes decoded), references 'n g R', strings 'u:text' or 'b:hex', a stream its dictionary.

type Value = string | number | boolean | null | Value[] | { [key: string]: Value } | Stream;
class Stream {
  readonly dict: { [key: string]: Value };
  constructor(dict: { [key: string]: Value }) {
    this.dict = dict;
  }
}
/** One version of one object: its reference ('n g R') and value. */
type Entry = [ref: string, value: Value];

class Unreadable extends Error {}
class TooComplex extends Error {}

/** A budget of values to convert and judge in one file. */
class Budget {
  private left = MAX_NODES;
  spend(): void {
    if (--this.left < 0) throw new TooComplex('too many values');
  }
}

/** qpdf's JSON value of one object (`{ value }` or `{ stream: { dict } }`) in the common form. */
function fromQpdf(object: { value?: Value; stream?: { dict: { [key: string]: Value } } }): Value {
  return object.stream ? new Stream(object.stream.dict) : (object.value ?? null);
}

/** A pdf-lib object in the common form. */
function fromPdfLib(root: PDFObject, budget: Budget): Value {
  const convert = (o: PDFObject, depth: number): Value => {
    budget.spend();
    if (depth > 200) throw new TooComplex('nested too deep');
    if (o instanceof PDFName) return `/${o.decodeText()}`;
    if (o instanceof PDFRef) return `${o.objectNumber} ${o.generationNumber} R`;
    if (o instanceof PDFNumber) return o.asNumber();
    // What a string says is never judged (actions and their kinds are names): not decoded.
    if (o instanceof PDFString || o instanceof PDFHexString) return 'u:';
    if (o instanceof PDFBool) return o.asBoolean();
    if (o === PDFNull) return null;
    if (o instanceof PDFArray) return o.asArray().map((item) => convert(item, depth + 1));
    const dictOf = (d: PDFDict) =>
      Object.fromEntries(d.entries().map(([k, v]) => [`/${k.decodeText()}`, convert(v, depth + 1)]));
    if (o instanceof PDFDict) return dictOf(o);
    if (o instanceof PDFRawStream) return new Stream(dictOf(o.dict));
    // PDFInvalidObject, or anything else the parser could not make sense of.
    throw new Unreadable(`object of kind ${o.constructor.name}`);
  };
  return convert(root, 0);
}

const isName = (v: Value): v is string => typeof v === 'string' && v.startsWith('/');
const isRef = (v: Value): v is string =>
  typeof v === 'string' && / R$/.test(v) && !v.startsWith('/') && !v.startsWith('u:') && !v.startsWith('b:');
const isDict = (v: Value): v is { [key: string]: Value } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Stream);

/** The filter names of a stream's dictionary; a filter given by reference cannot be read. */
function filtersOf(dict: { [key: string]: Value }): string[] {
  const f = dict['/Filter'];
  if (f === undefined || f === null) return [];
  const list = Array.isArray(f) ? f : [f];
  if (!list.every(isName)) throw new Unreadable('filter not a name');
  return list.map((n) => n.slice(1));
}

/**
 * Judges every version of every object: active content anywhere (keys, names as values), a web
 * address opened by itself (an OpenAction or additional action, following /Next chains through
 * references to every version of the referenced object), and streams with an unknown filter.
 */
function judgeObjects(entries: Entry[], budget: Budget): 'ok' | 'active' {
  const versions = new Map<string, Value[]>();
  for (const [ref, value] of entries) {
    const list = versions.get(ref);
    if (list) list.push(value);
    else versions.set(ref, [value]);
  }
  const automatic: { value: Value; additional: boolean }[] = [];
  for (const [, root] of entries) {
    // Per object as well: a single object of more values than this is no ordinary document's.
    let left = MAX_NODES_PER_OBJECT;
    const stack: Value[] = [root];
    while (stack.length) {
      budget.spend();
      if (--left < 0) throw new TooComplex('object too large');
      const v = stack.pop()!;
      if (isName(v)) {
        if (ACTIVE_NAMES.has(v.slice(1))) return 'active';
      } else if (Array.isArray(v)) {
        stack.push(...v);
      } else if (v instanceof Stream) {
        for (const name of filtersOf(v.dict)) if (!FILTERS.has(name)) throw new Unreadable(`filter ${name}`);
        stack.push(v.dict);
      } else if (isDict(v)) {
        for (const [key, value] of Object.entries(v)) {
          const name = key.slice(1);
          if (ACTIVE_KEYS.has(name)) return 'active';
          if (AUTOMATIC.has(name)) automatic.push({ value, additional: name === 'AA' });
          stack.push(value);
        }
      }
    }
  }
  // The actions run by themselves: each one and the chain after it.
  const resolve = (v: Value): Value[] => (isRef(v) ? (versions.get(v) ?? []) : [v]);
  const seen = new Set<Value>();
  const actions: Value[] = [];
  for (const { value, additional } of automatic) {
    for (const v of resolve(value)) {
      if (additional && isDict(v)) for (const trigger of Object.values(v)) actions.push(...resolve(trigger));
      else actions.push(v);
    }
  }
  while (actions.length) {
    budget.spend();
    const action = actions.pop()!;
    if (!isDict(action) || seen.has(action)) continue;
    seen.add(action);
    if (action['/S'] === '/URI') return 'active';
    const next = action['/Next'];
    if (next === undefined) continue;
    for (const n of Array.isArray(next) ? next : [next]) actions.push(...resolve(n));
  }
  return 'ok';
}

// ---------------------------------------------------------------------------------------------
// Reading 1: qpdf, through the cross-reference.

interface QpdfJson {
  qpdf: [unknown, Record<string, { value?: Value; stream?: { dict: { [key: string]: Value }; data?: string } }>];
}

function parseQpdfJson(bytes: Uint8Array | undefined): QpdfJson['qpdf'][1] {
  if (!bytes) throw new Unreadable('qpdf wrote no JSON');
  const json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) as QpdfJson;
  return json.qpdf[1];
}

/**
 * The objects qpdf reads through the cross-reference ('trailer' included). qpdf must read the file
 * without a warning (a repaired cross-reference is one), and decode every stream with a lossless
 * filter without one: a second run writes the file again into memory with those streams decoded
 * (Flate recompressed at the fastest level). `qpdf --check` would also parse the page contents,
 * but takes 20 s and more for a 10 MB scan here.
 */
async function viewerObjects(bytes: Uint8Array): Promise<Entry[]> {
  const run = await qpdf(bytes, ['/in.pdf', '--json-output=2', '--json-stream-data=none', '/out/o.json'], ['o.json']);
  if (run.status !== 0) throw new Unreadable(`qpdf --json-output: ${run.output.slice(-300)}`);
  return Object.entries(parseQpdfJson(run.files['o.json'])).map(([key, object]) => [
    key.replace(/^obj:/, ''),
    fromQpdf(object),
  ]);
}

/** The second run of `viewerObjects`' note: every stream with a lossless filter decodes. */
async function streamsDecode(bytes: Uint8Array): Promise<void> {
  const run = await qpdf(bytes, [
    '/in.pdf',
    '--decode-level=specialized',
    '--recompress-flate',
    '--compression-level=1',
    '/out/x.pdf',
  ]);
  if (run.status !== 0) throw new Unreadable(`qpdf decode: ${run.output.slice(-300)}`);
}

/** The page count the catalog's page tree states (/Root → /Pages → /Count), 0 if it states none. */
function pageCount(viewed: Entry[]): number {
  const byRef = new Map(viewed);
  const deref = (v: Value | undefined): Value | undefined => (v !== undefined && isRef(v) ? byRef.get(v) : v);
  const trailer = deref(byRef.get('trailer'));
  const root = trailer !== undefined && isDict(trailer) ? deref(trailer['/Root']) : undefined;
  const pages = root !== undefined && isDict(root) ? deref(root['/Pages']) : undefined;
  const count = pages !== undefined && isDict(pages) ? deref(pages['/Count']) : undefined;
  return typeof count === 'number' ? count : 0;
}

// ---------------------------------------------------------------------------------------------
// Reading 2: every object written in the file, in file order.

const ENDOBJ = [...'endobj'].map((c) => c.charCodeAt(0));

/** What pdf-lib's parser finds in file order: every object version, object streams not unpacked. */
async function writtenObjects(bytes: Uint8Array): Promise<{ objects: [PDFRef, PDFObject][]; context: PDFContext }> {
  const parser = PDFParser.forBytesWithOptions(bytes, Infinity, false, false);
  const objects: [PDFRef, PDFObject][] = [];
  const p = parser as unknown as {
    context: PDFContext;
    parseIndirectObject(): Promise<PDFRef>;
    tryToParseInvalidIndirectObject(): PDFRef;
    parseIndirectObjectHeader(): PDFRef;
    skipWhitespaceAndComments(): void;
    parseObject(): PDFObject;
    matchKeyword(keyword: number[]): boolean;
  };
  p.parseIndirectObject = async function parseIndirectObject() {
    const ref = this.parseIndirectObjectHeader();
    this.skipWhitespaceAndComments();
    const object = this.parseObject();
    this.skipWhitespaceAndComments();
    this.matchKeyword(ENDOBJ);
    if (objects.length > PDF_MAX_OBJECTS) throw new TooComplex('too many objects');
    objects.push([ref, object]);
    return ref;
  };
  // pdf-lib would keep a broken object's bytes as "invalid" and go on: unread is refused.
  p.tryToParseInvalidIndirectObject = () => {
    throw new Unreadable('invalid object');
  };
  try {
    await parser.parseDocument();
  } catch (err) {
    if (err instanceof TooComplex) throw err;
    throw new Unreadable(String(err));
  }
  return { objects, context: p.context };
}

/** Whether a written stream holds objects: an object stream, whether or not it says so. */
function holdsObjects(stream: PDFRawStream): boolean {
  const d = stream.dict;
  return d.get(PDFName.of('Type')) === PDFName.of('ObjStm') || (d.has(PDFName.of('N')) && d.has(PDFName.of('First')));
}

/**
 * The data of streams, decoded by qpdf: they are written into a small PDF of their own (with
 * their /Filter and /DecodeParms, which must be written out, not referenced) and read back as
 * qpdf's JSON with the data decoded: every lossless filter ("specialized", qpdf's level that adds
 * run-length to Flate, LZW and the ASCII ones). A stream qpdf leaves with a filter was not decoded.
 */
async function decodeStreams(streams: PDFRawStream[]): Promise<Uint8Array[]> {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  const add = (body: Buffer) => {
    offsets.push(at);
    const obj = Buffer.concat([
      Buffer.from(`${offsets.length} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(obj);
    at += obj.length;
  };
  add(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'));
  add(Buffer.from('<< /Type /Pages /Kids [] /Count 0 >>', 'latin1'));
  for (const stream of streams) {
    const entries: string[] = [];
    for (const key of ['Filter', 'DecodeParms']) {
      const value = stream.dict.get(PDFName.of(key));
      if (!value) continue;
      const text = value.toString();
      if (/\bR\b/.test(text)) throw new Unreadable(`/${key} by reference`);
      entries.push(`/${key} ${text}`);
    }
    add(
      Buffer.concat([
        Buffer.from(`<< ${entries.join(' ')} /Length ${stream.contents.length} >>\nstream\n`, 'latin1'),
        Buffer.from(stream.contents),
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  const size = offsets.length + 1;
  const xref = `xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  const run = await qpdf(
    Buffer.concat(parts),
    ['/in.pdf', '--json-output=2', '--json-stream-data=inline', '--decode-level=specialized', '/out/o.json'],
    ['o.json'],
  );
  if (run.status !== 0) throw new Unreadable(`qpdf decode: ${run.output.slice(-300)}`);
  const objects = parseQpdfJson(run.files['o.json']);
  return streams.map((_, i) => {
    const stream = objects[`obj:${i + 3} 0 R`]?.stream;
    if (!stream || stream.dict['/Filter'] !== undefined || typeof stream.data !== 'string')
      throw new Unreadable('object stream not decoded');
    return Buffer.from(stream.data, 'base64');
  });
}

/** Every version of every object written in the file (object streams not unpacked), and those streams. */
async function everyWrittenObject(
  bytes: Uint8Array,
  budget: Budget,
): Promise<{ entries: Entry[]; objectStreams: PDFRawStream[]; context: PDFContext }> {
  const { objects, context } = await writtenObjects(bytes);
  const entries: Entry[] = [];
  const objectStreams: PDFRawStream[] = [];
  for (const [ref, object] of objects) {
    if (object instanceof PDFInvalidObject) throw new Unreadable('invalid object');
    entries.push([`${ref.objectNumber} ${ref.generationNumber} R`, fromPdfLib(object, budget)]);
    if (object instanceof PDFRawStream && holdsObjects(object)) objectStreams.push(object);
  }
  return { entries, objectStreams, context };
}

/** The objects an object stream holds, given its decoded data. */
async function unpack(
  stream: PDFRawStream,
  data: Uint8Array,
  context: PDFContext,
  budget: Budget,
  already: number,
): Promise<Entry[]> {
  // The unpacked objects go into a context of their own: only what the stream holds is judged.
  const into = PDFContext.create();
  const found: Entry[] = [];
  into.assign = (ref: PDFRef, object: PDFObject) => {
    if (already + found.length > PDF_MAX_OBJECTS) throw new TooComplex('too many objects');
    found.push([`${ref.objectNumber} ${ref.generationNumber} R`, fromPdfLib(object, budget)]);
  };
  // N and First as numbers, looked up (they may be references) in the file's own context.
  const dict = stream.dict.clone(context);
  const n = dict.lookup(PDFName.of('N'));
  const first = dict.lookup(PDFName.of('First'));
  if (!(n instanceof PDFNumber) || !(first instanceof PDFNumber))
    throw new Unreadable('object stream without /N or /First');
  const own = into.obj({ Type: 'ObjStm', N: n.asNumber(), First: first.asNumber() });
  try {
    await PDFObjectStreamParser.forStream(PDFRawStream.of(own, data)).parseIntoContext();
  } catch (err) {
    if (err instanceof TooComplex) throw err;
    throw new Unreadable(`object stream: ${String(err)}`);
  }
  return found;
}

const FLATE = new Set(['FlateDecode', 'Fl']);

/** Whether a stream is plain Flate (one filter, full or abbreviated name, no parameters). */
function plainFlate(stream: PDFRawStream): boolean {
  if (stream.dict.has(PDFName.of('DecodeParms'))) return false;
  const filter = stream.dict.get(PDFName.of('Filter'));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  return only instanceof PDFName && FLATE.has(only.decodeText());
}

/**
 * The objects of the object streams that are plain Flate, as most writers make them, inflated
 * here: only to refuse an active file early, without starting qpdf. Any other stream is left to
 * qpdf; nothing found here ever makes a file 'ok'.
 */
async function quickUnpack(objectStreams: PDFRawStream[], context: PDFContext): Promise<Entry[]> {
  const found: Entry[] = [];
  const budget = new Budget();
  for (const stream of objectStreams) {
    if (!plainFlate(stream)) continue;
    try {
      // At most 16 MB inflated: an object stream is no larger in an ordinary file.
      const data = inflateSync(stream.contents, { maxOutputLength: 16 * 1024 * 1024 });
      found.push(...(await unpack(stream, data, context, budget, found.length)));
    } catch {
      // Left to qpdf.
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------

/**
 * Judges an uploaded PDF (size and header already checked): readable in full by qpdf and by
 * pdf-lib, not encrypted, at least one page, not more objects than an ordinary document has, and
 * without active content (docs/security.md) in any version of any object.
 */
export async function judgePdf(bytes: Uint8Array): Promise<PdfVerdict> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (rawTextIsActive(text)) return 'active';
  if (countObjects(bytes, PDF_MAX_OBJECTS) > PDF_MAX_OBJECTS) return 'too_complex';
  const budget = new Budget();
  try {
    const { entries: written, objectStreams, context } = await everyWrittenObject(bytes, budget);
    // Encrypted (even with an empty password, which qpdf would open): its strings and streams are
    // not read here. The trailer says so, or a cross-reference stream's dictionary.
    if (
      context.trailerInfo.Encrypt ||
      written.some(([, v]) => v instanceof Stream && v.dict['/Type'] === '/XRef' && v.dict['/Encrypt'] !== undefined)
    )
      return 'encrypted';
    // What is plainly active needs no further reading (and no qpdf start).
    if (judgeObjects([...written, ...(await quickUnpack(objectStreams, context))], new Budget()) === 'active')
      return 'active';
    // Every object stream decoded by qpdf (one run), then judged with the plain objects: an active
    // file is refused before the two runs that read it as a viewer does.
    const unpacked: Entry[] = [];
    if (objectStreams.length) {
      const decoded = await decodeStreams(objectStreams);
      for (const [i, stream] of objectStreams.entries())
        unpacked.push(...(await unpack(stream, decoded[i]!, context, budget, written.length + unpacked.length)));
      if (judgeObjects([...written, ...unpacked], new Budget()) === 'active') return 'active';
    }
    const viewed = await viewerObjects(bytes);
    if (pageCount(viewed) < 1) return 'unreadable';
    if (judgeObjects([...viewed, ...written, ...unpacked], budget) === 'active') return 'active';
    await streamsDecode(bytes);
    return 'ok';
  } catch (err) {
    if (err instanceof TooComplex) return 'too_complex';
    return 'unreadable';
  }
}
