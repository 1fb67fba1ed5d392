import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS, SERVER_PRELOAD, serverArgs } from './server-command.mjs';

// One way to start the server: npm start passes the same Node options as every test and benchmark
// that starts it (scripts/server-command.mjs).
describe('the server command', () => {
  const root = path.resolve(import.meta.dirname, '..');
  it('npm start runs with the server options, and the server as plain Node', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_OPTIONS.join(' ')} scripts/start.mjs`);
    expect(serverArgs(root)).toEqual([...SERVER_NODE_OPTIONS, ...SERVER_PRELOAD, path.join(root, 'server/main.ts')]);
    // npm start loads the same preload itself, before the server's modules.
    expect(readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8')).toMatch(
      /await import\('\.\/server-preload\.mjs'\);[^]*server\/main\.ts/,
    );
    expect(serverArgs(root).some((a) => a.includes('tsx'))).toBe(false);
  });
});
