import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/*
 * The texts customers must read word for word (docs/requirements.md §8): each row names the text
 * and the file that shows it. A text reworded in the code, or a row pointing at a file that no
 * longer holds it, fails here.
 */
/** The repository's root, wherever the tests are started from inside it. */
function repositoryRoot(from: string): string {
  if (existsSync(path.join(from, 'docs/requirements.md'))) return from;
  const parent = path.dirname(from);
  if (parent === from)
    throw new Error('docs/requirements.md not found above the working directory');
  return repositoryRoot(parent);
}
const root = repositoryRoot(process.cwd());
const requirements = readFileSync(path.join(root, 'docs/requirements.md'), 'utf8');
const section = requirements.slice(requirements.indexOf('## 8. '), requirements.indexOf('## 9. '));
const rows = [...section.matchAll(/^\| `([^`]+)` +\|[^|]+\| `([^`]+)` +\|$/gm)].map(
  ([, text, file]) => ({ text: text ?? '', file: file ?? '' }),
);

describe('the texts the requirements ask for', () => {
  it('are all listed', () => {
    expect(rows.map((row) => row.text)).toContain('Things u r searching for is not found.');
    expect(rows.length).toBe(18);
  });

  it.each(rows)('"$text" is in $file', ({ text, file }) => {
    expect(readFileSync(path.join(root, file), 'utf8')).toContain(text);
  });
});
