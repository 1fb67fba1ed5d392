import { describe, expect, it } from 'vitest';
import { turns } from './turn.ts';

describe('turns: a long loop gives other work a turn by time, not by count', () => {
  it('within its budget a row costs no turn: nothing else runs in between', async () => {
    const turn = turns(60_000);
    let other = false;
    setImmediate(() => (other = true));
    for (let i = 0; i < 1000; i++) await turn();
    expect(other).toBe(false);
  });

  it('past its budget the next row waits for a turn, in which other work runs', async () => {
    const turn = turns(0);
    let other = false;
    setImmediate(() => (other = true));
    await turn();
    expect(other).toBe(true);
  });
});
