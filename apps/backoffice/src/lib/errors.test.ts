import { describe, expect, it } from 'vitest';
import { refusedEntries } from './errors';

describe('refusedEntries', () => {
  it('lists the text entries a refusal names, and nothing for other details', () => {
    expect(refusedEntries({ problem: 'not an IP address or CIDR range', entries: ['999.1.1.1', 7] })).toEqual(
      ['999.1.1.1'],
    );
    expect(refusedEntries({ problem: 'x' })).toEqual([]);
    expect(refusedEntries(undefined)).toEqual([]);
  });
});
