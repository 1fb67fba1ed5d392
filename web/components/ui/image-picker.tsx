import { useEffect, useState } from 'react';
import { App, Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_MSG, IMAGE_ACCEPT, IMAGE_MAX_UPLOAD_BYTES } from '#contract/files.ts';
import { shrinkImage } from '../../lib/shrink-image.ts';

/** The photo field's label: the upload limit and what the server keeps. */
export const FOTO_LABEL = 'Foto (JPEG/PNG/WebP, maksimal 5 MB; disimpan ≤ 300 KB)';

/**
 * One image kept in the browser until the form is saved (Upload with beforeUpload returning
 * false). JPEG, PNG or WebP up to 5 MB (a larger photo is shrunk in the browser first); the server
 * re-encodes it to at most 300 KB. The chosen
 * image shows as a preview before saving.
 */
export function ImagePicker({
  file,
  onChange,
  label,
  testId,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
  label: string;
  testId: string;
}) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, status: 'done', originFileObj: file as UploadFile['originFileObj'] }]
    : [];
  return (
    <div className="image-picker">
      {preview && (
        <img
          className="image-preview"
          src={preview}
          alt="Pratinjau gambar yang dipilih (belum disimpan)"
          data-testid={`${testId}-preview`}
        />
      )}
      <Upload
        accept={IMAGE_ACCEPT}
        maxCount={1}
        fileList={fileList}
        beforeUpload={async (f) => {
          if (!IMAGE_ACCEPT.split(',').includes(f.type)) {
            message.error(FILE_MSG.imageType);
            return Upload.LIST_IGNORE;
          }
          // A phone photo over the limit is shrunk here rather than refused (the server shrinks it anyway).
          const ready = f.size > IMAGE_MAX_UPLOAD_BYTES ? await shrinkImage(f) : f;
          if (!ready) {
            message.error(FILE_MSG.imageTooLarge);
            return Upload.LIST_IGNORE;
          }
          onChange(ready);
          return false;
        }}
        onRemove={() => onChange(null)}
      >
        <Button icon={<UploadOutlined />} data-testid={testId}>
          {label}
        </Button>
      </Upload>
    </div>
  );
}
