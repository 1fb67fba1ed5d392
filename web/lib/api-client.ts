import type { Envelope } from '#contract/envelope.ts';
import { MSG } from '#contract/messages.ts';
import { clearSession, getSession } from './session.ts';

/** A non-200 answer (status = diagnostic.status) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly data: unknown;
  constructor(status: number, message: string, code?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
  /** Field messages of a validation failure, first failing field first. */
  get fieldErrors(): string[] {
    const errs = (this.data as { errors?: Record<string, string> } | null)?.errors;
    return errs ? Object.values(errs) : [this.message];
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return `/api/${path.replace(/^\/?(api\/)?/, '')}${qs ? `?${qs}` : ''}`;
}

/** Calls the API and unwraps the envelope: resolves `data` on 200, throws ApiError otherwise. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  return (await request<T>(method, path, opts)).data;
}

/** Like `api`, but also gives the server's `diagnostic.message` (shown after a save, SPEC §4 "Panels"). */
export async function apiWithMessage<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions = {},
): Promise<{ data: T; message: string }> {
  return request<T>(method, path, opts);
}

/**
 * A response the route-preload script (vite.config.ts, web/app/early-requests.ts) requested before the app
 * ran, for this GET; taken once. Its token is the session's, read the same way.
 */
function early(url: string): Promise<Response> | undefined {
  const box = (window as { __sidasekEarly?: Record<string, Promise<Response>> }).__sidasekEarly;
  const found = box?.[url];
  if (found) delete box[url];
  return found;
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions,
): Promise<{ data: T; message: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getSession()?.access_token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    const url = buildUrl(path, opts.query);
    res = await ((method === 'GET' && token && early(url)) ||
      fetch(url, { method, headers, body, signal: opts.signal }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, MSG.checkConnection);
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    // A proxy's HTML error page or an empty answer: treated like a broken connection.
  }
  const status = envelope?.diagnostic?.status ?? res.status;
  if (!envelope || status !== 200) {
    const error = new ApiError(
      envelope ? status : 0,
      envelope?.diagnostic?.message ?? MSG.checkConnection,
      envelope?.diagnostic?.code,
      envelope?.data,
    );
    // A session that ended (logout elsewhere, deactivation, expiry) sends the user to the login page.
    if (status === 401 && token && !path.includes('token')) {
      clearSession();
      window.location.assign('/login');
    }
    throw error;
  }
  return { data: envelope.data, message: envelope.diagnostic?.message ?? MSG.success };
}

/** The text of a failed action: the server's message, or 'check your connection' when it never answered. */
export function failureText(err: unknown): string {
  return err instanceof ApiError && !err.isNetwork ? err.message : MSG.checkConnection;
}
