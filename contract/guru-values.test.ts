import { describe, expect, it } from 'vitest';
import { guruCreateFields } from './guru.ts';
import { GURU_CREATE_REQUIRED } from './guru-values.ts';

describe('GURU_CREATE_REQUIRED', () => {
  it('names exactly the fields the add-teacher schema requires, and the photo', () => {
    const required = Object.entries(guruCreateFields.shape)
      .filter(([, rule]) => !rule.safeParse(undefined).success)
      .map(([name]) => name);
    expect([...GURU_CREATE_REQUIRED].sort()).toEqual([...required, 'foto'].sort());
  });
});
