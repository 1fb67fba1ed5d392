import type { ReactNode } from 'react';
import type { z } from 'zod';
import { App, Card, Row, Space, type FormInstance } from 'antd';
import { ProblemsForm } from '../../../components/forms/form-frames.tsx';
import { CancelSaveButtons } from '../../../components/forms/form-frames.tsx';
import { FieldCol } from '../../../components/forms/field-col.tsx';
import { requiredOf } from '../../../lib/form-helpers.ts';
import { useFormProblems } from '../../../lib/use-form-problems.ts';
import type { ShowOptions } from '../../../lib/form-problems.ts';
import { useCreateProperty, useUpdateProperty, type PropertyKind } from '../api/property.ts';

/**
 * Saving a property row (a room, a plot of land, a photo, an asset): `row` given, that row is
 * changed, else a new one is added to `owner`; the server's message is shown, then `onDone`.
 * `busy` while either is sent.
 */
export function useSaveProperty<Body, Owner extends string | number>(
  kind: PropertyKind<unknown, Body, Owner>,
  owner: Owner,
  row: { id: number } | undefined,
  onDone: () => void,
) {
  const { message } = App.useApp();
  const create = useCreateProperty(kind, owner);
  const update = useUpdateProperty(kind, owner);
  return {
    busy: create.isPending || update.isPending,
    async send(body: Body) {
      const r = row ? await update.mutateAsync({ id: row.id, body }) : await create.mutateAsync(body);
      message.success(r.message);
      onDone();
    },
  };
}

/**
 * A property form's state: its problems (web/lib/form-problems.ts) and its save;
 * `card` is what the form's PropertyFormCard takes of them (Batal goes back like a save).
 */
export function usePropertyForm<Values extends object, Body, Owner extends string | number>(
  form: FormInstance<Values>,
  kind: PropertyKind<unknown, Body, Owner>,
  owner: Owner,
  row: { id: number } | undefined,
  onDone: () => void,
  options?: ShowOptions,
) {
  const problems = useFormProblems(form, options);
  const property = useSaveProperty(kind, owner, row, onDone);
  return {
    problems,
    send: property.send,
    card: { form, errors: problems.errors, busy: property.busy, onCancel: onDone },
  };
}

/** The frame of a property form on its tab: the card, the problems above the fields, Batal and Simpan. */
export function PropertyFormCard<Values extends object>({
  title,
  testId,
  form,
  initialValues,
  errors,
  busy,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  testId: string;
  form: FormInstance<Values>;
  initialValues: Values;
  errors: string[];
  busy: boolean;
  onSave: () => void;
  onCancel: () => void;
  /** The fields, in columns of a Row. */
  children: ReactNode;
}) {
  return (
    <Card title={title} data-testid={testId}>
      <ProblemsForm form={form} errors={errors} initialValues={initialValues} onFinish={onSave}>
        <Row gutter={16}>{children}</Row>
        <Space>
          <CancelSaveButtons onCancel={onCancel} busy={busy} holdCancel />
        </Space>
      </ProblemsForm>
    </Card>
  );
}

/**
 * The field of a property form for a contract body: a grid column (`xs`, `md`) holding the
 * labelled Form.Item, marked required when the body requires the field.
 */
export function contractField(schema: z.ZodType) {
  const req = requiredOf(schema);
  return function ContractField({
    name,
    label,
    xs = 24,
    md,
    children,
  }: {
    name: string;
    label: string;
    xs?: number;
    md?: number;
    children: ReactNode;
  }) {
    return (
      <FieldCol xs={xs} md={md} label={label} name={name} required={req(name)}>
        {children}
      </FieldCol>
    );
  };
}
