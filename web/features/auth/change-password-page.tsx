import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH, type ChangePasswordBody, type SessionUser } from '#contract/auth.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { getSession, updateSessionUser } from '../../lib/session.ts';
import { homeOf } from '../../app/paths.ts';
import { flashState } from '../../app/flash.ts';
import { useLogout } from './api/logout.ts';

/** One's own password; required first after an administrator's reset (one-time password). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const session = getSession();
  const [errors, setErrors] = useState<string[]>([]);
  const mutation = useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      await api('PUT', 'user/password', { body });
      return api<SessionUser>('GET', 'me');
    },
  });
  const forced = !!session?.user.must_change_password;
  // The one-time password just used to sign in is not asked again; the server asks for it when
  // the sign-in is older, and then the field appears.
  const [askOld, setAskOld] = useState(!forced);

  const onFinish = async (values: ChangePasswordBody) => {
    setErrors([]);
    try {
      const user = await mutation.mutateAsync(values);
      updateSessionUser(user);
      // Shown by the signed-in area's antd App (ant-app-outlet.tsx), which this page is not inside.
      navigate(homeOf(user.roles.id), { replace: true, state: flashState('Password berhasil diganti') });
    } catch (err) {
      if (err instanceof ApiError && (err.data as { errors?: Record<string, string> } | null)?.errors?.password_lama) setAskOld(true);
      setErrors(err instanceof ApiError ? err.fieldErrors : ['check your connection']);
    }
  };

  return (
    <main className="login-wrap">
      <Card className="login-card" variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>Ganti Password</Typography.Title>
        {forced && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }}
            title="Password Anda telah direset oleh administrator. Buat password baru sebelum melanjutkan." />
        )}
        {errors.length > 0 && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="form-errors"
            title={<ul style={{ margin: 0, paddingLeft: 18 }}>{errors.map((e) => <li key={e}>{e}</li>)}</ul>} />
        )}
        <Form<ChangePasswordBody> layout="vertical" onFinish={onFinish} requiredMark={false}>
          {askOld && (
            <Form.Item label={forced ? 'Password sekali pakai' : 'Password lama'} name="password_lama">
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          <Form.Item label="Password baru" name="password_baru" extra={`Minimal ${PASSWORD_MIN_LENGTH} karakter, berbeda dari username.`}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Ulangi password baru" name="konfirmasi_password">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>Simpan Password</Button>
          <Button type="link" block style={{ marginTop: 8 }} onClick={() => (forced ? logout() : navigate(-1))}>
            {forced ? 'Logout' : 'Batal'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
