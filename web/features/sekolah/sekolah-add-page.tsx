import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { nounOf, SEKOLAH_CREATE_FIELDS, type SekolahCreateValues } from '#contract/sekolah-fields.ts';
import { familyOf, paths } from '../../app/paths.ts';
import { useJenjangKantor } from '../../lib/jenjang.ts';
import { useCreateSekolah } from './api/sekolah-create.ts';
import { ProblemsForm } from '../../components/forms/form-frames.tsx';
import { useFormProblems } from '../../lib/use-form-problems.ts';
import { useAppConfig } from '../../lib/app-config.ts';

type Values = Partial<SekolahCreateValues>;

/** 'SMA, SMK dan SLB'. */
const daftar = (xs: string[]) =>
  xs.length > 1 ? `${xs.slice(0, -1).join(', ')} dan ${xs[xs.length - 1]}` : xs.join('');

/** One line of the new account's login data, with a copy button. */
function LoginValue({
  label,
  testId,
  code,
  children,
}: {
  label: string;
  testId: string;
  code?: boolean;
  children: string;
}) {
  return (
    <p>
      {label}:{' '}
      <Typography.Text
        strong
        code={code}
        copyable={{ icon: <CopyOutlined />, tooltips: ['Salin', 'Tersalin'] }}
        data-testid={testId}
      >
        {children}
      </Typography.Text>
    </p>
  );
}

/** SPEC §2 data-sekolah/add: the school and its operator account; the password is shown once. Fields from contract/sekolah-fields.ts. */
const loadSchema = () => import('#contract/sekolah.ts').then((m) => m.sekolahCreateBody);

export function SekolahAddPage() {
  const family = familyOf(useLocation().pathname) ?? 'admin-side';
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const problems = useFormProblems(form);
  const office = useAppConfig().data?.kantor;
  // Only the levels this office manages (a school of another level is refused by the API too).
  const levels = useJenjangKantor();
  const create = useCreateSekolah();
  const back = () => navigate(paths.dataSekolah(family));
  // The contract's schema (and zod) is loaded after the form is drawn, ready by the time the user
  // saves: the form itself renders without it.
  useEffect(() => void loadSchema().catch(() => {}), []);

  const save = async () => {
    // Every problem at its field with the field's label, the cursor in the first (web/lib/form-problems.ts).
    await problems.save(loadSchema, form.getFieldsValue(true), async (body) => {
      const created = await create.mutateAsync(body);
      modal.success({
        title: 'Sekolah berhasil ditambahkan',
        width: 480,
        content: (
          <div data-testid="akun-baru">
            <p>
              <strong>{created.sekolah.nama_sekolah}</strong> (NPSN {created.sekolah.npsn}) telah dibuat beserta akun
              operatornya. Berikan data login ini kepada operator sekolah. Password hanya ditampilkan sekali; operator
              wajib menggantinya saat login pertama.
            </p>
            <LoginValue label="Username" testId="akun-username">
              {created.akun.username}
            </LoginValue>
            <LoginValue label="Password" testId="akun-password" code>
              {created.akun.password}
            </LoginValue>
          </div>
        ),
        okText: 'Selesai',
        onOk: back,
      });
    });
  };

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Tambah Sekolah
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <ProblemsForm form={form} errors={problems.errors} onFinish={save} data-testid="sekolah-add-form">
          {SEKOLAH_CREATE_FIELDS.map((f) => (
            <Form.Item
              key={f.name}
              label={f.label}
              name={f.name}
              required={!!f.required}
              extra={
                f.master && office
                  ? `Kantor ini (${office.wilayah}) mengelola jenjang ${daftar(office.jenjang)}.`
                  : f.hint
              }
            >
              {f.type === 'enum' ? (
                <Select
                  placeholder={`Pilih ${nounOf(f).toLowerCase()}`}
                  options={(f.master ? levels : f.values!).map((v) => ({ value: v, label: v }))}
                />
              ) : (
                <Input maxLength={f.max} autoComplete={f.type === 'npsn' ? 'off' : undefined} />
              )}
            </Form.Item>
          ))}
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={back} disabled={create.isPending}>
              Kembali
            </Button>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={create.isPending}>
              Simpan
            </Button>
          </Space>
        </ProblemsForm>
      </Card>
    </>
  );
}
