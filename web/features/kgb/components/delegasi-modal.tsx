import { useState } from 'react';
import { App, Form, Modal, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { GOLONGAN_PNS, GOLONGAN_PPPK } from '#contract/asn.ts';
import { JENJANG_DELEGASI, type Pejabat } from '#contract/kgb.ts';
import { delegasiBody } from '#contract/kgb-forms.ts';
import { apiWithMessage } from '../../../lib/api-client.ts';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { kgbKeys } from '../api/kgb.ts';

/** Every golongan a delegation may cover: the PNS golongan ruang, then the PPPK golongan. */
const GOLONGAN = [...GOLONGAN_PNS, ...GOLONGAN_PPPK];

/** The two choices of a delegation; an empty one covers all. */
const CHOICES = [
  { name: 'golongan', label: 'Golongan', values: GOLONGAN, placeholder: 'Semua golongan', style: undefined },
  {
    name: 'jenjang',
    label: 'Jenjang sekolah',
    values: JENJANG_DELEGASI,
    placeholder: 'Semua jenjang',
    style: { marginBottom: 0 },
  },
] as const;

/**
 * Delegation of the signature: the golongan and school levels whose letters this
 * official signs instead of the active one (PUT/DELETE api/pejabat/{id}/delegasi).
 */
export function DelegasiModal({ pejabat, onClose }: { pejabat: Pejabat; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ golongan: string[]; jenjang: string[] }>();
  // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'delegasi' });
  const [busy, setBusy] = useState(false);

  const send = async (remove: boolean) => {
    const body = remove ? null : problems.check(delegasiBody, form.getFieldsValue(true));
    if (!remove && !body) return;
    if (remove) problems.setErrors([]);
    setBusy(true);
    try {
      const r = remove
        ? await apiWithMessage<Pejabat[]>('DELETE', `pejabat/${pejabat.id}/delegasi`)
        : await apiWithMessage<Pejabat[]>('PUT', `pejabat/${pejabat.id}/delegasi`, { body });
      qc.setQueryData(kgbKeys.pejabat, r.data);
      await qc.invalidateQueries({ queryKey: kgbKeys.all });
      message.success(r.message);
      onClose();
    } catch (err) {
      problems.failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`Delegasi tanda tangan: ${pejabat.nama}`}
      okText="Simpan delegasi"
      cancelText="Batal"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      footer={(_node, { OkBtn, CancelBtn }) => (
        <Space>
          {pejabat.delegasi && (
            <a
              role="button"
              tabIndex={0}
              className="delegasi-hapus"
              onClick={() => void send(true)}
              onKeyDown={(e) => e.key === 'Enter' && void send(true)}
              data-testid="delegasi-hapus"
            >
              Hapus delegasi
            </a>
          )}
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Pejabat ini menandatangani surat KGB guru dengan golongan dan jenjang sekolah berikut, menggantikan pejabat
        aktif. Kosongkan salah satunya untuk semua golongan atau semua jenjang.
      </Typography.Paragraph>
      <ProblemsForm
        form={form}
        errors={problems.errors}
        errorsTestId="delegasi-error"
        name="delegasi"
        initialValues={{ golongan: pejabat.delegasi?.golongan ?? [], jenjang: pejabat.delegasi?.jenjang ?? [] }}
        onFinish={() => void send(false)}
      >
        {CHOICES.map(({ name, label, values, placeholder, style }) => (
          <Form.Item key={name} label={label} name={name} style={style}>
            <Select
              mode="multiple"
              allowClear
              options={values.map((v) => ({ value: v, label: v }))}
              placeholder={placeholder}
              data-testid={`delegasi-${name}`}
            />
          </Form.Item>
        ))}
      </ProblemsForm>
    </Modal>
  );
}
