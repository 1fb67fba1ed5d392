import { useState } from 'react';
import { App, Button, Card, Form, Input, Select, Skeleton, Tag, Typography } from 'antd';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { DeleteOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { ALASAN_MAX, ALASAN_MIN, type PenundaanKgb } from '#contract/kgb.ts';
import { penundaanBody } from '#contract/kgb-forms.ts';
import { MSG } from '#contract/messages.ts';
import { failureText } from '../../../components/ui/form-errors.tsx';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePenundaan, usePenundaanChange } from '../api/kgb.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `${i + 1} bulan` }));
const tanggal = (ymd: string) => formatDate(ymd, 'D MMMM YYYY');

/**
 * Penundaan KGB (PP 7/1977, postponement article): the next increase is postponed by 1-12 months
 * with a reason and the decree's number; the list shows every postponement, and the newest one
 * still in force can be removed when entered by mistake.
 */
export function PenundaanCard({ guruId, tmt, canPostpone }: { guruId: number; tmt: string; canPostpone: boolean }) {
  const { modal, message } = App.useApp();
  const list = usePenundaan(guruId);
  const { postpone, remove } = usePenundaanChange(guruId);
  const [open, setOpen] = useState(false);
  const newest = list.data?.filter((p) => p.berlaku).at(-1);

  const confirmRemove = (p: PenundaanKgb) =>
    modal.confirm({
      title: MSG.confirmTitle,
      content: `Penundaan ${p.bulan} bulan dihapus: TMT KGB kembali ke ${tanggal(p.tmt_semula)}.`,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        try {
          message.success((await remove.mutateAsync(p.id)).message);
        } catch (err) {
          message.error(failureText(err));
        }
      },
    });

  return (
    <Card
      size="small"
      title="Penundaan KGB"
      data-testid="kgb-penundaan"
      extra={
        canPostpone && (
          <Button
            size="small"
            icon={<PauseCircleOutlined />}
            onClick={() => setOpen(true)}
            data-testid="kgb-tunda-button"
          >
            Tunda KGB
          </Button>
        )
      }
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : list.isError ? (
        <RetryAlert title={failureText(list.error)} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <Typography.Text type="secondary">Tidak ada penundaan KGB untuk guru ini.</Typography.Text>
      ) : (
        <ul className="kgb-penundaan-list">
          {list.data.map((p) => (
            <li key={p.id} data-testid="kgb-penundaan-item">
              <div className="kgb-penundaan-head">
                <strong>
                  {tanggal(p.tmt_semula)} → {tanggal(p.tmt_baru)}
                </strong>
                <span>({p.bulan} bulan)</span>
                {!p.berlaku && <Tag>Sudah lewat</Tag>}
                {p.id === newest?.id && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="Hapus penundaan"
                    onClick={() => confirmRemove(p)}
                    data-testid="kgb-penundaan-hapus"
                  />
                )}
              </div>
              <div>{p.alasan}</div>
              {p.nomor_sk && <Typography.Text type="secondary">SK {p.nomor_sk}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <TundaModal
          tmt={tmt}
          busy={postpone.isPending}
          onClose={() => setOpen(false)}
          onSubmit={async (body) => {
            const r = await postpone.mutateAsync(body);
            message.success(r.message);
            setOpen(false);
          }}
        />
      )}
    </Card>
  );
}

function TundaModal({
  tmt,
  busy,
  onClose,
  onSubmit,
}: {
  tmt: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: { bulan: number; alasan: string; nomor_sk: string }) => Promise<void>;
}) {
  const [form] = Form.useForm<{ bulan?: number; alasan?: string; nomor_sk?: string }>();
  // Every problem at once at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'tunda' });

  const submit = async () => {
    await problems.save(penundaanBody, form.getFieldsValue(true), (body) =>
      onSubmit({ bulan: body.bulan, alasan: body.alasan, nomor_sk: body.nomor_sk ?? '' }),
    );
  };

  return (
    <FormModal
      form={form}
      title="Tunda KGB"
      okText="Tunda KGB"
      onClose={onClose}
      busy={busy}
      destroyOnHidden
      width={520}
    >
      <Typography.Paragraph>
        KGB dengan TMT <strong>{tanggal(tmt)}</strong> ditunda paling lama satu tahun setiap kali (PP 7/1977). Masa
        penundaan dihitung penuh untuk KGB berikutnya, yang kembali ke jadwal semula.
      </Typography.Paragraph>
      <ProblemsForm form={form} errors={problems.errors} errorsTestId="kgb-tunda-error" name="tunda" onFinish={submit}>
        <Form.Item label="Lama penundaan" name="bulan" required>
          <Select<number> options={MONTHS} placeholder="Pilih lama penundaan" data-testid="kgb-tunda-bulan" />
        </Form.Item>
        <Form.Item label="Alasan penundaan" name="alasan" required extra={`Minimal ${ALASAN_MIN} karakter.`}>
          <Input.TextArea
            maxLength={ALASAN_MAX}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="Contoh: nilai SKP tahun lalu di bawah Baik"
            data-testid="kgb-tunda-alasan"
          />
        </Form.Item>
        <Form.Item label="Nomor SK penundaan (bila ada)" name="nomor_sk" style={{ marginBottom: 0 }}>
          <Input maxLength={100} data-testid="kgb-tunda-sk" />
        </Form.Item>
      </ProblemsForm>
    </FormModal>
  );
}
