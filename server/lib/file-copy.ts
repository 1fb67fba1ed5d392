import { hashStored, type FileInfo, type FileStore } from './file-store.ts';

export interface CopyResult {
  /** Keys in the source. */
  total: number;
  copied: number;
  /** Already in the target with the same size and SHA-256 (a repeated run). */
  present: number;
  /** Keys that could not be copied or whose copy did not verify, with the reason. */
  failed: { key: string; reason: string }[];
}

/** Size and SHA-256 as recorded, or read through where the store does not record it. */
async function digest(store: FileStore, key: string): Promise<FileInfo | null> {
  const info = await store.stat(key);
  if (!info || info.sha256) return info;
  return hashStored(store, key);
}

/**
 * Copies every file of `from` into `to` under the same key (rows keep naming it) and verifies
 * each copy by reading it back from `to` and comparing its SHA-256 with the source's. Files the
 * target already holds with the same size and SHA-256 are left as they are, so a run that was
 * stopped can simply be repeated. Nothing is deleted from `from`.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  progress: (done: number, total: number, result: CopyResult) => void = () => undefined,
): Promise<CopyResult> {
  const keys: string[] = [];
  for await (const key of from.keys()) keys.push(key);
  const result: CopyResult = { total: keys.length, copied: 0, present: 0, failed: [] };
  let done = 0;
  for (const key of keys) {
    try {
      const source = await digest(from, key);
      if (!source) continue; // deleted meanwhile
      const existing = await digest(to, key);
      if (existing && existing.size === source.size && existing.sha256 === source.sha256) {
        result.present++;
      } else {
        const content = await from.open(key);
        if (!content) continue;
        // The target checks the stream against the stated size and SHA-256 while writing it.
        await to.write(key, { size: source.size, sha256: source.sha256, body: content.body });
        const copy = await hashStored(to, key);
        if (!copy || copy.size !== source.size || copy.sha256 !== source.sha256)
          throw new Error('salinan tidak cocok dengan sumbernya (SHA-256)');
        result.copied++;
      }
    } catch (err) {
      result.failed.push({ key, reason: (err as Error).message });
    }
    progress(++done, keys.length, result);
  }
  return result;
}
