import { lazy, Suspense, useEffect } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

// ImagePicker (ui/image-picker.tsx) is antd's Upload with its file list, progress and tooltip:
// about 12 kB gzip. Until nothing is chosen it shows only its button, so this draws that button
// and downloads the picker right after the screen is drawn; the picker then takes its
// place (same button, same size).

const load = () => import('./ui/image-picker.tsx');
const ImagePicker = lazy(() => load().then((m) => ({ default: m.ImagePicker })));

/** ImagePicker's FOTO_LABEL (image-picker.tsx; a test keeps the two equal): importing it from there would bring Upload along. */
export const FOTO_LABEL = 'Foto (JPEG/PNG/WebP, maksimal 5 MB; disimpan ≤ 300 KB)';

type Props = { file: File | null; onChange: (f: File | null) => void; label: string; testId: string };

/** ImagePicker, downloaded after the screen is drawn (same props). */
export function LazyImagePicker(props: Props) {
  useEffect(() => void load().catch(() => {}), []);
  return (
    <Suspense
      fallback={
        // The button as Upload lays it out: inline, in a box of its own.
        <span style={{ display: 'inline-block' }}>
          <Button icon={<UploadOutlined />} data-testid={props.testId}>
            {props.label}
          </Button>
        </span>
      }
    >
      <ImagePicker {...props} />
    </Suspense>
  );
}
