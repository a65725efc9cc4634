import { beforeEach, describe, expect, it } from 'vitest';
import { runningVersion, takeAppUpdate } from '../../../src/lib/app-version';

describe('app version', () => {
  beforeEach(() => localStorage.clear());

  it('names the build by its entry script', () => {
    expect(runningVersion('https://stockroom.example/assets/index-BKxDfJ8i.js')).toBe(
      '/assets/index-BKxDfJ8i.js',
    );
  });

  it('is not an update on the first start, is one once after a new build, then is quiet', () => {
    expect(takeAppUpdate('/assets/index-a.js')).toBe(false);
    expect(takeAppUpdate('/assets/index-a.js')).toBe(false);
    expect(takeAppUpdate('/assets/index-b.js')).toBe(true);
    expect(takeAppUpdate('/assets/index-b.js')).toBe(false);
  });
});
