// HAProxy in front of several Sidasek processes, as docs/deploy.md sets it up: health checks on
// /api/health/ready, failed connections and lost answers retried on another server except for POST
// (a create must not run twice). Used by the two-instance test (server/test/two-instances.test.ts)
// and the cluster benchmark (scripts/bench/cluster.ts).
import { spawnSync } from 'node:child_process';

/** Debian's haproxy binary, or undefined when the package is not installed. */
export const HAPROXY_BIN = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => spawnSync(p, ['-v']).status === 0);

export interface HaproxyFrontend {
  name: string;
  port: number;
  /** [name, port] of each app process. */
  servers: [string, number][];
}

/** A configuration with one frontend and backend per entry; `check` is the health-check timing. */
export function haproxyConfig(
  frontends: HaproxyFrontend[],
  opts: { maxconn?: number; check?: string; extra?: string[] } = {},
): string {
  const maxconn = opts.maxconn ?? 256;
  const check = opts.check ?? 'inter 2s fall 2 rise 2';
  return [
    'global',
    `  maxconn ${maxconn * 2}`,
    'defaults',
    '  mode http',
    `  maxconn ${maxconn}`,
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    ...frontends.flatMap((f) => [
      `frontend ${f.name}`,
      `  bind 127.0.0.1:${f.port}`,
      `  default_backend ${f.name}`,
      `backend ${f.name}`,
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  http-check expect status 200',
      '  http-request disable-l7-retry if METH_POST',
      ...f.servers.map(([s, port]) => `  server ${s} 127.0.0.1:${port} check ${check}`),
    ]),
    ...(opts.extra ?? []),
    '',
  ].join('\n');
}
