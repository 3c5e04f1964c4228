/** "Did you mean": the names a slip of the keyboard nearly spells, and the searches that find them. */
import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, nearNames } from '../../src/readings/rules/near-names.ts';
import { searchWords } from '../../src/readings/service/name-candidates.ts';

const NAMES = [
  'Main Energy Meter',
  'Terminal Energy Meter',
  'Line 1 Energy Meter',
  'Cooling Water Flow',
  'Boiler Feed Flow',
  'Dock Camera',
];

describe('edit distance', () => {
  it.each([
    ['Main Energy Meter', 'Main Energy Meter', 0],
    ['main  energy METER', 'Main Energy Meter', 0],
    ['Main Enrgy Meter', 'Main Energy Meter', 1], // a letter left out
    ['Main Eenrgy Meter', 'Main Energy Meter', 1], // two letters swapped
    ['Mian Enrgy Meter', 'Main Energy Meter', 2],
    ['Dock Camrea', 'Dock Camera', 1],
    ['', 'abc', 3],
  ])('%j → %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('near names', () => {
  it('offers Main Energy Meter for Main Enrgy Meter, and nothing far away', () => {
    expect(nearNames('Main Enrgy Meter', NAMES)).toEqual(['Main Energy Meter']);
  });

  it('allows more slips in longer names, none in very short ones', () => {
    expect([3, 4, 5, 6, 11, 12, 40].map(allowedEdits)).toEqual([0, 1, 1, 2, 2, 3, 3]);
    expect(nearNames('Dok', ['Doc', 'Dock'])).toEqual([]);
    expect(nearNames('Dock Camrea', NAMES)).toEqual(['Dock Camera']);
  });

  it('is not a near miss when spelled exactly, and lists each name once, nearest first', () => {
    expect(nearNames('Dock Camera', NAMES)).toEqual([]);
    expect(
      nearNames('Line 2 Energy Meter', [...NAMES, 'Line 3 Energy Meter', 'Line 1 Energy Meter']),
    ).toEqual(['Line 1 Energy Meter', 'Line 3 Energy Meter']);
    expect(nearNames('Line 2 Energy Meters', ['Line 2 Energy Meter', 'Line 1 Energy Meter'], 1)).toEqual([
      'Line 2 Energy Meter',
    ]);
  });

  it('does not offer a name that only shares a word', () => {
    expect(nearNames('Energy', NAMES)).toEqual([]);
    expect(nearNames('Main Energy Meter from banana', NAMES)).toEqual([]);
  });
});

describe('search words', () => {
  it('searches the longer words typed, longest first, at most three', () => {
    expect(searchWords('Main Enrgy Meter')).toEqual(['enrgy', 'meter', 'main']);
    expect(searchWords('Line 1 Enrgy Meter Hall A')).toEqual(['enrgy', 'meter', 'hall']);
    expect(searchWords('a b')).toEqual([]);
  });
});
