import { App } from 'antd';
import { MSG } from '#contract/messages.ts';
import { failureText } from './form-helpers.ts';

/**
 * A delete behind the SPEC §4 confirmation ('Ya,Saya Yakin' / 'Tidak,Batalkan'). Success shows
 * the server's message; a refusal (e.g. a room that still has assets) or a network failure
 * shows its text in a dialog.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return ({ title = MSG.confirmTitle, content, action }: { title?: string; content: React.ReactNode; action: () => Promise<{ message: string }> }) =>
    modal.confirm({
      title,
      content,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await action();
          message.success(r.message);
        } catch (err) {
          modal.error({ title: 'Gagal menghapus', content: <span data-testid="action-error">{failureText(err)}</span>, okText: 'OK' });
        }
      },
    });
}
