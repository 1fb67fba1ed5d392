import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '#contract/paging.ts';
import type { PasswordResetResult, UserAccountRow } from '#contract/user.ts';
import { api } from '../../../lib/api-client.ts';

/** GET api/user?page, or api/user/cari?user&page while a search is active (SPEC §7 "Users"). */
export function useUserAccounts(search: string, page: number) {
  return useQuery({
    queryKey: ['user-accounts', search, page],
    queryFn: ({ signal }) =>
      search
        ? api<Page<UserAccountRow>>('GET', 'user/cari', { query: { user: search, page }, signal })
        : api<Page<UserAccountRow>>('GET', 'user', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useToggleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, activate }: { row: UserAccountRow; activate: boolean }) =>
      api<{ status_akun: number }>('PUT', `user/${activate ? 'aktif' : 'nonaktif'}/${row.id}`, { body: row }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-accounts'] }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (row: UserAccountRow) => api<PasswordResetResult>('PUT', `user/reset/${row.id}`),
  });
}
