import { useNavigate } from 'react-router';
import { Alert, Button, Checkbox, Form, Input, Spin, theme } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { homeOf } from '../../app/paths.ts';
import { DarkModeSwitch } from '../../app/layouts/dark-mode-switch.tsx';
import { useLogin } from './api/login.ts';

interface LoginForm {
  username: string;
  password: string;
  remember: boolean;
}

/** What the login page says for a refused login (SPEC §5, §8). */
function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return MSG.checkConnection;
    // Throttling and an inactive account say so; every other refusal reads the same.
    if (error.status === 429 || error.code === 'auth.account_inactive') return error.message;
  }
  return MSG.loginFailed;
}

export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const { token } = theme.useToken();

  const onFinish = async (values: LoginForm) => {
    setError(null);
    try {
      const session = await loginMutation.mutateAsync({ username: values.username ?? '', password: values.password ?? '', remember: !!values.remember });
      navigate(session.user.must_change_password ? '/ganti-password' : homeOf(session.user.roles.id), { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
    }
  };

  return (
    <main className="login-wrap">
      <Spin fullscreen spinning={loginMutation.isPending} tip="Memproses…" />
      {/* Plain elements in antd's colours rather than Card and Typography: the login page is the
          first screen, and those two bring Tabs, Menu and Tooltip with them (about 35 kB gzip). */}
      <div className="login-card" style={{ background: token.colorBgContainer, color: token.colorText, borderRadius: token.borderRadiusLG, padding: token.paddingLG }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 8 }}>
          <div className="brand">
            <img src="/favicon.svg" alt="" />
            <span>Sidasek</span>
          </div>
          <DarkModeSwitch />
        </div>
        <h1 style={{ margin: '8px 0 8px', color: token.colorTextHeading, fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong, lineHeight: token.lineHeightHeading4 }}>Masuk</h1>
        <p style={{ margin: '0 0 16px', color: token.colorTextSecondary }}>Sistem Data Sekolah dan Guru Dinas Pendidikan</p>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginForm> layout="vertical" onFinish={onFinish} initialValues={{ remember: false }} requiredMark={false}>
          <Form.Item label="Username" name="username">
            <Input prefix={<UserOutlined />} placeholder="Email" autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label="Password" name="password">
            <Input.Password prefix={<LockOutlined />} placeholder="Password" autoComplete="current-password" size="large" />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>Ingat saya</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
            Login
          </Button>
        </Form>
      </div>
    </main>
  );
}
