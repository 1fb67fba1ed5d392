import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/** Revokes the token on the server (best effort), forgets the stored user, goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api('POST', 'logout');
    } catch {
      // Offline or already expired: the local session is removed all the same.
    }
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
