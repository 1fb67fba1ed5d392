import { useMutation } from '@tanstack/react-query';
import type { LoginBody, Session } from '#contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export function login(body: LoginBody): Promise<Session> {
  return api<Session>('POST', 'token', { body });
}

export function useLogin() {
  return useMutation({
    mutationFn: async ({ remember, ...body }: LoginBody & { remember: boolean }) => {
      const session = await login(body);
      saveSession(session, remember);
      return session;
    },
  });
}
