import { Alert } from 'antd';
import { MSG } from '#contract/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { isOffline, unsentMessage } from '../../lib/form-problems.ts';

/** The error list of a form (SPEC §5: the first failing client check; §8: server messages). */
export function FormErrors({ errors, testId = 'form-errors' }: { errors: string[]; testId?: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={testId}
      style={{ marginBottom: 16 }}
      title={
        <ul className="form-error-list">
          {errors.map((e) => (
            <li key={e} className="form-error-item">
              {e}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * Messages of a failed save: the server's field messages in order; offline (no network), that the
 * device is offline and what was typed stays; any other failure 'check your connection'.
 */
export function saveErrorsOf(err: unknown): string[] {
  if (err instanceof ApiError && !err.isNetwork) return err.fieldErrors;
  if (isOffline(err)) return [unsentMessage()];
  return [MSG.checkConnection];
}

export { failureText } from '../../lib/api-client.ts';
