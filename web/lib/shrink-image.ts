import { IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';

/** The longest side a photo keeps when the browser shrinks it (the server keeps far less anyway). */
const MAX_SIDE = 2000;

/**
 * A photo over the upload limit (an ordinary phone photo of 6-12 MB) shrunk in the browser to a
 * JPEG under it, so it is not refused: the server re-encodes every photo to at most 300 KB anyway.
 * A photo within the limit is sent as chosen. Null when the browser cannot read the image.
 */
export async function shrinkImage(file: File, limit = IMAGE_MAX_UPLOAD_BYTES): Promise<File | null> {
  if (file.size <= limit) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= limit)
      return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`, { type: 'image/jpeg' });
  }
  return null;
}
