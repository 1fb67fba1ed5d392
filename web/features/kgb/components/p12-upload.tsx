import { Button, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

/** The official's PKCS#12 file, kept in the browser until the form is sent (one file). */
export function P12Upload({ file, onChange }: { file: UploadFile | null; onChange: (f: UploadFile | null) => void }) {
  return (
    <Upload
      accept=".p12,.pfx,application/x-pkcs12"
      maxCount={1}
      fileList={file ? [file] : []}
      beforeUpload={() => false}
      onChange={({ fileList }) => onChange(fileList[0] ?? null)}
    >
      <Button icon={<UploadOutlined />}>Pilih berkas .p12</Button>
    </Upload>
  );
}
