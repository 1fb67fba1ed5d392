import { useNavigate } from 'react-router';
import { useState, type FormEvent } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { homeOf } from '../../app/paths.ts';
import { firstStop } from '../../app/guards.tsx';
import { DarkModeSwitch } from '../../app/layouts/dark-mode-switch.tsx';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { useLogin } from './api/login.ts';

/** What the login page says for a refused login (SPEC §5, §8). */
function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return MSG.checkConnection;
    // Throttling, an inactive account and a wrong authenticator code say so; every other refusal reads the same.
    if (error.status === 429 || error.code === 'auth.account_inactive' || error.code === 'auth.totp_invalid')
      return error.message;
  }
  return MSG.loginFailed;
}

/**
 * The login page, the first screen: plain elements in antd's look (styles.css: `.input`, `.check`,
 * `.btn-primary`, `.alert-error`, `.spin-full`), so it renders without downloading antd.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // Two-factor sign-in: asked for once the password was right.
  const [needOtp, setNeedOtp] = useState(false);
  const pending = loginMutation.isPending;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const form = new FormData(e.currentTarget);
    setError(null);
    try {
      const session = await loginMutation.mutateAsync({
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(needOtp ? { kode_otp: String(form.get('kode_otp') ?? '') } : {}),
        remember: form.get('remember') === 'on',
      });
      navigate(firstStop(session.user) ?? homeOf(session.user.roles.id), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'auth.totp_required') {
        setNeedOtp(true);
        setError(null);
        return;
      }
      setError(loginErrorText(err));
    }
  };

  return (
    <main className="login-wrap">
      {pending && (
        <div className="spin-full" role="status" aria-live="polite">
          <span className="spin-dots" aria-hidden="true">
            <i />
            <i />
            <i />
            <i />
          </span>
          <span>Memproses…</span>
        </div>
      )}
      <div className="login-card login-box">
        <div
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 8 }}
        >
          <div className="brand">
            <img src="/favicon.svg" alt="" />
            <span>Sidasek</span>
          </div>
          <DarkModeSwitch />
        </div>
        <h1>Masuk</h1>
        <p className="login-sub">Sistem Data Sekolah dan Guru Dinas Pendidikan</p>
        {error && (
          <div className="alert-error" role="alert" data-testid="login-error">
            <SvgIcon icon={CloseCircleFilled} />
            <span>{error}</span>
          </div>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="username">Username</label>
            <span className="input">
              <SvgIcon icon={UserOutlined} />
              <input id="username" name="username" placeholder="Email" autoComplete="username" autoFocus />
            </span>
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <span className="input">
              <SvgIcon icon={LockOutlined} />
              <input
                id="password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                placeholder="Password"
                autoComplete="current-password"
              />
              <button
                type="button"
                className="eye"
                tabIndex={-1}
                aria-label={showPassword ? 'Sembunyikan password' : 'Tampilkan password'}
                onClick={() => setShowPassword(!showPassword)}
              >
                <SvgIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
              </button>
            </span>
          </div>
          {needOtp && (
            <div className="field" data-testid="login-otp">
              <label htmlFor="kode_otp">Kode autentikator</label>
              <span className="input">
                <SvgIcon icon={LockOutlined} />
                <input
                  id="kode_otp"
                  name="kode_otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="6 digit atau kode pemulihan"
                  autoFocus
                />
              </span>
              <small className="login-hint">
                Buka aplikasi autentikator di ponsel Anda dan masukkan kode untuk Sidasek.
              </small>
            </div>
          )}
          <div className="field">
            <label className="check">
              <input type="checkbox" name="remember" />
              <span>Ingat saya</span>
            </label>
          </div>
          <button type="submit" className="btn-primary" data-loading={pending} aria-busy={pending}>
            {pending && <SvgIcon icon={LoadingOutlined} className="spin-icon" />}
            <span>Login</span>
          </button>
        </form>
      </div>
    </main>
  );
}
