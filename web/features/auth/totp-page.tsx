import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SessionUser } from '#contract/auth.ts';
import type { TotpAktif, TotpSetup, TotpStatus } from '#contract/totp.ts';
import { MSG } from '#contract/messages.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { getSession, updateSessionUser } from '../../lib/session.ts';
import { homeOf } from '../../app/paths.ts';
import { flashState } from '../../app/flash.ts';
import { useLogout } from './api/logout.ts';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { clearMarks } from '../../lib/mark-field.ts';
import { useFormProblems } from '../../lib/use-form-problems.ts';
import { isOffline, unsentMessage } from '../../lib/form-problems.ts';

/** The contract's checks (and zod), loaded after the page is drawn: ready by the time the user sends a code. */
const loadSchemas = () => import('#contract/totp.ts');

const errorsOf = (err: unknown) => (err instanceof ApiError ? err.fieldErrors : [MSG.checkConnection]);

/**
 * Two-factor sign-in with an authenticator app: set up with a QR code and a first
 * code, recovery codes shown once, switched off with the password and a code. Required first for
 * an administrator when the office asks for it (the session reaches nothing else until then).
 */
export function TotpPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const session = getSession();
  const forced = !!session?.user.wajib_totp;
  const status = useQuery({
    queryKey: ['totp'],
    queryFn: ({ signal }) => api<TotpStatus>('GET', 'user/totp', { signal }),
  });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // Both forms on the one form pattern: every problem at its field with its label, the cursor in
  // the first; a wrong code or password (the server's 422) at its field (web/lib/form-problems.ts).
  const [setupForm] = Form.useForm<{ kode?: string }>();
  const setupProblems = useFormProblems(setupForm, { idPrefix: 'totp_aktif' });
  const [offForm] = Form.useForm<{ password?: string; kode?: string }>();
  const offProblems = useFormProblems(offForm, { idPrefix: 'totp_mati' });
  const start = useMutation({ mutationFn: () => api<TotpSetup>('POST', 'user/totp/setup') });
  const activate = useMutation({
    mutationFn: (kode: string) => api<TotpAktif>('POST', 'user/totp/aktifkan', { body: { kode } }),
  });
  const disable = useMutation({
    mutationFn: (body: { password: string; kode: string }) =>
      api<TotpStatus>('POST', 'user/totp/nonaktifkan', { body }),
  });

  const begin = async () => {
    setErrors([]);
    try {
      setSetup(await start.mutateAsync());
    } catch (err) {
      setErrors(errorsOf(err));
    }
  };
  useEffect(() => void loadSchemas().catch(() => {}), []);
  /** The checks, or null once the list says they could not be loaded. */
  const schemas = async (problems: { setErrors: (e: string[]) => void }) => {
    try {
      return await loadSchemas();
    } catch {
      problems.setErrors([isOffline(null) ? unsentMessage() : MSG.checkConnection]);
      return null;
    }
  };
  const confirm = async () => {
    const m = await schemas(setupProblems);
    if (!m) return;
    const body = setupProblems.check(m.totpKodeBody, setupForm.getFieldsValue(true));
    if (!body) return;
    try {
      const r = await activate.mutateAsync(body.kode);
      setRecovery(r.kode_pemulihan);
      setSetup(null);
      updateSessionUser({ ...(await api<SessionUser>('GET', 'me')) });
      await qc.invalidateQueries({ queryKey: ['totp'] });
    } catch (err) {
      setupProblems.failed(err);
    }
  };
  const turnOff = async (body: { password: string; kode: string }) => {
    try {
      await disable.mutateAsync(body);
      await qc.invalidateQueries({ queryKey: ['totp'] });
    } catch (err) {
      offProblems.failed(err);
    }
  };
  const askTurnOff = async () => {
    const m = await schemas(offProblems);
    if (!m) return;
    const body = offProblems.check(m.totpNonaktifBody, offForm.getFieldsValue(true));
    if (!body) return;
    modal.confirm({
      title: 'Apakah Anda Yakin?',
      content: 'Login akan kembali hanya memakai password.',
      okText: 'Ya,Saya Yakin',
      cancelText: 'Tidak,Batalkan',
      onOk: () => turnOff(body),
    });
  };
  const done = () =>
    navigate(homeOf(session?.user.roles.id ?? 2), { replace: true, state: flashState('Verifikasi dua langkah aktif') });

  const s = status.data;
  return (
    <main className="login-wrap">
      <Card className="login-card" variant="borderless" style={{ maxWidth: 460 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Verifikasi Dua Langkah
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Setelah aktif, login meminta kode 6 digit dari aplikasi autentikator di ponsel Anda (Google Authenticator,
          Microsoft Authenticator, Aegis, dan sejenisnya) selain password.
        </Typography.Paragraph>
        {forced && !recovery && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Administrator wajib memakai verifikasi dua langkah. Aktifkan sebelum melanjutkan."
          />
        )}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="form-errors"
            title={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            }
          />
        )}
        {status.isPending && <Spin />}
        {status.isError && (
          <Alert
            type="error"
            showIcon
            title={MSG.checkConnection}
            action={
              <Button size="small" onClick={() => status.refetch()}>
                Muat ulang
              </Button>
            }
          />
        )}

        {recovery && (
          <div data-testid="totp-recovery">
            <Alert type="success" showIcon style={{ marginBottom: 12 }} title="Verifikasi dua langkah aktif" />
            <Typography.Paragraph>
              Simpan <b>kode pemulihan</b> ini di tempat aman (dicetak atau di pengelola password). Setiap kode hanya
              dapat dipakai sekali untuk login bila ponsel hilang. Kode ini tidak akan ditampilkan lagi.
            </Typography.Paragraph>
            <div className="totp-codes">
              {recovery.map((c) => (
                <code key={c}>{c}</code>
              ))}
            </div>
            <Button type="primary" block onClick={done}>
              Saya sudah menyimpan kode pemulihan
            </Button>
          </div>
        )}

        {!recovery && s && !s.aktif && !setup && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Tag color="default" data-testid="totp-status">
              Belum aktif
            </Tag>
            <Button type="primary" block loading={start.isPending} onClick={begin} data-testid="totp-start">
              Aktifkan verifikasi dua langkah
            </Button>
          </Space>
        )}

        {!recovery && setup && (
          <Form
            form={setupForm}
            name="totp_aktif"
            layout="vertical"
            onFinish={confirm}
            onValuesChange={clearMarks(setupForm)}
            data-testid="totp-setup"
          >
            <Typography.Paragraph>1. Pindai kode QR ini dengan aplikasi autentikator:</Typography.Paragraph>
            {/* The SVG is drawn by the server's QR library from the otpauth link: paths only. */}
            <div
              className="totp-qr"
              role="img"
              aria-label="Kode QR verifikasi dua langkah"
              dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
            />
            <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 4 }}>
              Tidak dapat memindai? Masukkan kunci ini secara manual:
            </Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: setup.secret }}>
              <code className="totp-secret" data-testid="totp-secret">
                {setup.secret}
              </code>
            </Typography.Paragraph>
            <FormErrors errors={setupProblems.errors} />
            <Form.Item label="2. Masukkan kode 6 digit yang tampil di aplikasi" name="kode" required>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-label="Kode autentikator" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={activate.isPending} data-testid="totp-activate">
              Aktifkan
            </Button>
          </Form>
        )}

        {!recovery && s?.aktif && (
          <div>
            <Space style={{ marginBottom: 12 }}>
              <Tag color="green" data-testid="totp-status">
                Aktif
              </Tag>
              <Typography.Text type="secondary">{s.sisa_kode_pemulihan} kode pemulihan tersisa</Typography.Text>
            </Space>
            {s.wajib ? (
              <Typography.Paragraph type="secondary">
                Verifikasi dua langkah wajib untuk administrator dan tidak dapat dimatikan.
              </Typography.Paragraph>
            ) : (
              <Form
                form={offForm}
                name="totp_mati"
                layout="vertical"
                onFinish={askTurnOff}
                onValuesChange={clearMarks(offForm)}
              >
                <FormErrors errors={offProblems.errors} />
                <Form.Item label="Password" name="password" required>
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
                <Form.Item label="Kode autentikator atau kode pemulihan" name="kode" required>
                  <Input autoComplete="one-time-code" aria-label="Kode untuk mematikan" />
                </Form.Item>
                <Button danger block htmlType="submit" loading={disable.isPending}>
                  Matikan verifikasi dua langkah
                </Button>
              </Form>
            )}
          </div>
        )}

        <Button
          type="link"
          block
          style={{ marginTop: 8 }}
          onClick={() => (forced && !recovery ? logout() : navigate(-1))}
        >
          {forced && !recovery ? 'Logout' : 'Kembali'}
        </Button>
      </Card>
    </main>
  );
}
