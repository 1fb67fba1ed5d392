import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';

/** Demo accounts of the seed (README "Demo accounts"). */
export const ADMIN = { username: 'admin', password: 'admin12345' };
export const OPERATOR = { username: '60200338', password: 'operator123', school: 'SMA Negeri 1 Kota Ternate' };

export async function apiLogin(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/token', { data: { username: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { access_token: string; user: unknown };
}

/** Signs in through the API and stores the session as "remember me" does, then opens `path`. */
export async function signedIn(page: Page, user: { username: string; password: string }, path: string) {
  const session = await apiLogin(page.request, user);
  await page.goto('/permission');
  await page.evaluate((s) => window.localStorage.setItem('user', s), JSON.stringify(session));
  await page.goto(path);
  return session;
}

/** Signs in through the login form. */
export async function loginThroughForm(page: Page, user: { username: string; password: string }, remember = false) {
  await page.goto('/login');
  await page.getByPlaceholder('Email').fill(user.username);
  await page.getByPlaceholder('Password').fill(user.password);
  if (remember) await page.getByLabel('Ingat saya').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

export const test = base;
export { expect };
