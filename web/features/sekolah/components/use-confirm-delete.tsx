import { App } from 'antd';
import { MSG } from '#contract/messages.ts';
import { failureText } from '../../../lib/form-helpers.ts';

/** The accessible name of a row's icon button, with its row: "Hapus Lahan Kebun Sekolah". */
export const rowLabel = (action: string, noun: string, name: string): string => `${action} ${noun} ${name}`;

/**
 * A delete behind the SPEC §4 confirmation ('Ya,Saya Yakin' / 'Tidak,Batalkan') whose question
 * names what it deletes ('Hapus lahan "Kebun Sekolah"?'). Success shows the server's message; a
 * refusal (e.g. a room that still has assets) or a network failure shows its text in a dialog.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return ({
    title = MSG.confirmTitle,
    noun,
    name,
    action,
  }: {
    title?: string;
    noun: string;
    name: string;
    action: () => Promise<{ message: string }>;
  }) =>
    modal.confirm({
      title,
      content: <span data-testid="confirm-question">{`Hapus ${noun.toLowerCase()} "${name}"?`}</span>,
      okText: MSG.confirmYes,
      cancelText: MSG.confirmNo,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await action();
          message.success(r.message);
        } catch (err) {
          modal.error({
            title: 'Gagal menghapus',
            content: <span data-testid="action-error">{failureText(err)}</span>,
            okText: 'OK',
          });
        }
      },
    });
}
