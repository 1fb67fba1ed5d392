import { useNavigate } from 'react-router';
import { Alert, Button, Card, Checkbox, Form, Input, Space, Spin, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { homeOf } from '../../app/paths.ts';
import { DarkModeSwitch } from '../../app/layouts/top-bar.tsx';
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
      <Card className="login-card" variant="borderless">
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
          <div className="brand">
            <img src="/favicon.svg" alt="" />
            <span>Sidasek</span>
          </div>
          <DarkModeSwitch />
        </Space>
        <Typography.Title level={4} style={{ marginTop: 8 }}>Masuk</Typography.Title>
        <Typography.Paragraph type="secondary">Sistem Data Sekolah dan Guru Dinas Pendidikan</Typography.Paragraph>
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
      </Card>
    </main>
  );
}
