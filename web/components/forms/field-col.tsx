import type { ReactNode } from 'react';
import { Col, Form, type FormItemProps } from 'antd';

/**
 * A labelled field in a form's grid: a column (`xs`, full width by default; `md` from the middle
 * breakpoint on) holding the Form.Item, with every Form.Item prop passed through.
 */
export function FieldCol({
  xs = 24,
  md,
  children,
  ...item
}: FormItemProps & { xs?: number; md?: number; children: ReactNode }) {
  return (
    <Col xs={xs} {...(md ? { md } : {})}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}
