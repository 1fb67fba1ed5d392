import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChangePasswordBody, SessionUser } from '#contract/auth.ts';
import { PASSWORD_MIN_LENGTH } from '#contract/auth-values.ts';
import { MSG } from '#contract/messages.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { clearMarks } from '../../lib/mark-field.ts';
import { useFormProblems } from '../../lib/use-form-problems.ts';

/** The contract's check (and zod), loaded after the page is drawn: ready by the time the user saves. */
const loadSchema = () => import('#contract/auth.ts').then((m) => m.changePasswordBody);
import { getSession, updateSessionUser } from '../../lib/session.ts';
import { homeOf } from '../../app/paths.ts';
import { flashState } from '../../app/flash.ts';
import { useLogout } from './api/logout.ts';

/** One's own password; required first after an administrator's reset (one-time password). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const session = getSession();
  const [form] = Form.useForm<ChangePasswordBody>();
  // Every problem at once at its field with the field's label, the cursor in the first; a wrong
  // current password at its field (web/lib/form-problems.ts).
  const problems = useFormProblems(form, { idPrefix: 'ganti_password' });
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

  useEffect(() => void loadSchema().catch(() => {}), []);

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as Partial<ChangePasswordBody>;
    // The field is shown when the server needs it (the server says the same when it is empty).
    const more: Record<string, string> = askOld && !values.password_lama ? { password_lama: MSG.passwordOldEmpty } : {};
    await problems.save(
      loadSchema,
      values,
      async (body) => {
        const user = await mutation.mutateAsync(body);
        updateSessionUser(user);
        // Shown by the signed-in area's antd App (ant-app-outlet.tsx), which this page is not inside.
        navigate(homeOf(user.roles.id), { replace: true, state: flashState('Password berhasil diganti') });
      },
      {
        more,
        // The server asks for the current password after all (the sign-in is older): the field
        // appears before the problem is shown at it.
        refused: (err) => {
          if (
            err instanceof ApiError &&
            (err.data as { errors?: Record<string, string> } | null)?.errors?.password_lama
          )
            flushSync(() => setAskOld(true));
        },
      },
    );
  };

  return (
    <main className="login-wrap">
      <Card className="login-card" variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Ganti Password
        </Typography.Title>
        {forced && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Password Anda telah direset oleh administrator. Buat password baru sebelum melanjutkan."
          />
        )}
        <FormErrors errors={problems.errors} />
        <Form<ChangePasswordBody>
          form={form}
          name="ganti_password"
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={clearMarks(form)}
        >
          {askOld && (
            <Form.Item label={forced ? 'Password sekali pakai' : 'Password lama'} name="password_lama" required>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          <Form.Item
            label="Password baru"
            name="password_baru"
            required
            extra={`Minimal ${PASSWORD_MIN_LENGTH} karakter, berbeda dari username.`}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Ulangi password baru" name="konfirmasi_password" required>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            Simpan Password
          </Button>
          <Button type="link" block style={{ marginTop: 8 }} onClick={() => (forced ? logout() : navigate(-1))}>
            {forced ? 'Logout' : 'Batal'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
