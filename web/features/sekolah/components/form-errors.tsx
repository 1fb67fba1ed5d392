import { Alert } from 'antd';

/** The error list of a form (SPEC §5: the first failing client check; §8: server messages). */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="form-errors"
      style={{ marginBottom: 16 }}
      title={
        errors.length === 1 ? (
          <span className="form-error-item">{errors[0]}</span>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {errors.map((e) => (
              <li key={e} className="form-error-item">{e}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
