import { App, Button, Input, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { KeyOutlined, PoweroffOutlined, CheckCircleOutlined, CopyOutlined } from '@ant-design/icons';
import type { UserAccountRow } from '#contract/user.ts';
import { MSG } from '#contract/messages.ts';
import { ApiError, failureText } from '../../lib/api-client.ts';
import { PagedTable } from '../../components/ui/paged-table.tsx';
import { useResetPassword, useToggleAccount, useUserAccounts } from './api/user-accounts.ts';
import { useUrlState } from '../../lib/url-state.ts';

const isActive = (row: UserAccountRow) => row.user[0]?.status_akun === 1;

/** SPEC §2 "User account list": search, table, pager, reset, activate/deactivate. */
export function UserAccountPage() {
  const { modal, message } = App.useApp();
  // Search and page live in the URL.
  const [{ search, page }, set] = useUrlState({ search: '', page: 1 }, { search: 'q' });
  const setPage = (p: number) => set({ page: p });
  const accounts = useUserAccounts(search, page);
  const toggle = useToggleAccount();
  const reset = useResetPassword();

  const failure = (err: unknown) => {
    // SPEC §8: non-200 shows the server message; a network failure 'check your connection'.
    const text = err instanceof ApiError ? err.message : MSG.checkConnection;
    modal.error({ title: 'Gagal', content: text, okText: 'OK' });
  };

  const confirmToggle = (row: UserAccountRow) => {
    const activate = !isActive(row);
    modal.confirm({
      title: MSG.confirmTitle,
      content: activate ? MSG.confirmActivate : MSG.confirmDeactivate,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      okButtonProps: { danger: !activate },
      onOk: async () => {
        try {
          await toggle.mutateAsync({ row, activate });
          // Every action says it was done.
          message.success(`Akun ${row.npsn} ${activate ? 'diaktifkan' : 'dinonaktifkan'}`);
        } catch (err) {
          failure(err);
        }
      },
    });
  };

  const confirmReset = (row: UserAccountRow) => {
    modal.confirm({
      title: MSG.confirmTitle,
      content: `Password akun ${row.npsn} (${row.nama_sekolah}) akan diganti dengan password sekali pakai, dan semua sesi akun ini berakhir.`,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      onOk: async () => {
        try {
          const result = await reset.mutateAsync(row);
          modal.success({
            title: MSG.resetSuccess,
            width: 460,
            content: (
              <div data-testid="reset-result">
                <p>
                  Berikan password sekali pakai ini kepada operator. Password hanya ditampilkan sekali; operator wajib
                  menggantinya saat login.
                </p>
                <p>
                  Username: <Typography.Text strong>{result.username}</Typography.Text>
                </p>
                <p>
                  Password:{' '}
                  <Typography.Text
                    strong
                    code
                    copyable={{ icon: <CopyOutlined />, tooltips: ['Salin', 'Tersalin'] }}
                    data-testid="reset-password"
                  >
                    {result.password}
                  </Typography.Text>
                </p>
              </div>
            ),
            okText: 'Selesai',
          });
        } catch (err) {
          failure(err);
        }
      },
    });
  };

  const data = accounts.data;
  const columns: TableColumnsType<UserAccountRow> = [
    { title: 'No', key: 'no', width: 64, render: (_v, _r, i) => (data?.from ?? 1) + i },
    { title: 'NPSN', dataIndex: 'npsn', width: 120 },
    { title: 'Nama Sekolah', dataIndex: 'nama_sekolah' },
    { title: 'Jenjang', dataIndex: 'bentuk_pendidikan', width: 100, render: (v: string | null) => v ?? MSG.emptyValue },
    {
      title: 'Status Akun',
      key: 'status',
      width: 130,
      render: (_v, row) =>
        row.user.length === 0 ? (
          <Tag>Belum ada akun</Tag>
        ) : isActive(row) ? (
          <Tag color="green">Aktif</Tag>
        ) : (
          <Tag color="red">Nonaktif</Tag>
        ),
    },
    {
      title: 'Aksi',
      key: 'aksi',
      width: 260,
      render: (_v, row) =>
        row.user.length === 0 ? null : (
          <Space>
            {isActive(row) ? (
              <Button size="small" danger icon={<PoweroffOutlined />} onClick={() => confirmToggle(row)}>
                Nonaktifkan
              </Button>
            ) : (
              <Button size="small" type="primary" icon={<CheckCircleOutlined />} onClick={() => confirmToggle(row)}>
                Aktifkan
              </Button>
            )}
            <Tooltip title="Buat password sekali pakai">
              <Button size="small" icon={<KeyOutlined />} onClick={() => confirmReset(row)}>
                Reset
              </Button>
            </Tooltip>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Typography.Title level={1} className="page-title">
        Data User Account
      </Typography.Title>
      <div className="toolbar">
        <Input.Search
          placeholder="Cari NPSN atau nama sekolah"
          allowClear
          style={{ maxWidth: 360 }}
          defaultValue={search}
          onSearch={(value) => set({ search: value.trim() })}
          aria-label="Cari akun sekolah"
        />
        {data && <Typography.Text type="secondary">{data.total.toLocaleString('id-ID')} akun sekolah</Typography.Text>}
      </div>
      {accounts.isError && !data && (
        <Typography.Text type="danger" role="alert">
          {failureText(accounts.error)}
        </Typography.Text>
      )}
      <PagedTable<UserAccountRow>
        list={accounts}
        columns={columns}
        busy={toggle.isPending || reset.isPending}
        onPage={setPage}
        scrollX={800}
        testId="user-account-table"
      />
    </>
  );
}
