import { describe, expect, it } from 'vitest';
import { guruCreateFields, guruUpdateBody } from './guru.ts';
import { GURU_CREATE_REQUIRED, GURU_UPDATE_REQUIRED } from './guru-fields.ts';

describe('GURU_CREATE_REQUIRED', () => {
  it('names exactly the fields the add-teacher schema requires, and the photo', () => {
    const required = Object.entries(guruCreateFields.shape)
      .filter(([, rule]) => !rule.safeParse(undefined).success)
      .map(([name]) => name);
    expect([...GURU_CREATE_REQUIRED].sort()).toEqual([...required, 'foto'].sort());
  });
});

describe('GURU_UPDATE_REQUIRED', () => {
  it('names exactly the fields the teacher edit schema requires', () => {
    const required = Object.entries(guruUpdateBody.shape)
      .filter(([, rule]) => !rule.safeParse(undefined).success)
      .map(([name]) => name);
    expect([...GURU_UPDATE_REQUIRED].sort()).toEqual(required.sort());
  });
});
