import { expect, it } from 'vitest';

// Every other test file imports the contract before its tests run, so a module that throws as it
// loads fails those files without failing any test. This test loads it inside a test.
it('every module of the contract loads', async () => {
  await expect(import('./index')).resolves.toHaveProperty('NewPartSchema');
});
