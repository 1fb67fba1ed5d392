import { describe, expect, it } from 'vitest';
import { FOTO_LABEL as lazyLabel } from './lazy-image-picker.tsx';
import { FOTO_LABEL } from './ui/image-picker.tsx';

describe('lazy-image-picker', () => {
  it('shows the same photo label as ImagePicker', () => {
    expect(lazyLabel).toBe(FOTO_LABEL);
  });
});
