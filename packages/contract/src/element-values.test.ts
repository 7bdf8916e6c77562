import { describe, expect, it } from 'vitest';
import {
  clearValuesNotInOptions,
  type ElementRule,
  type ElementValue,
  emptyElementValue,
  isElementValueFilled,
  meetsDemandStandard,
  meetsElementStandard,
  missingRequiredElements,
  normalizeElementValue,
} from './element-values.ts';

const rule = (over: Partial<ElementRule> & { id: number; displayType: number }): ElementRule => ({
  name: `要素${over.id}`,
  required: 0,
  govProcurement: false,
  standardMin: null,
  options: [],
  ...over,
});
const value = (elementId: number, over: Partial<ElementValue>): ElementValue => ({
  ...emptyElementValue(elementId),
  ...over,
});

const options = [
  { enumId: 11, meetsStandard: true },
  { enumId: 12, meetsStandard: false },
];
const radio = rule({ id: 1, displayType: 3, options, govProcurement: true });
const checkbox = rule({ id: 2, displayType: 4, options, govProcurement: true });
const select = rule({ id: 3, displayType: 5, options, govProcurement: true });
const text = rule({ id: 4, displayType: 1, govProcurement: true, standardMin: 10 });
const textarea = rule({ id: 5, displayType: 2, govProcurement: true });
const file = rule({ id: 6, displayType: 6, govProcurement: true });

describe('clearValuesNotInOptions (spec §5)', () => {
  it('keeps a radio or dropdown value that is an option and clears one that is not', () => {
    expect(clearValuesNotInOptions(radio, value(1, { propertyValue: '11' })).propertyValue).toBe('11');
    expect(clearValuesNotInOptions(radio, value(1, { propertyValue: '99' })).propertyValue).toBeNull();
    expect(clearValuesNotInOptions(select, value(3, { propertyValue: '是' })).propertyValue).toBeNull();
    expect(clearValuesNotInOptions(select, value(3, { propertyValue: ' 12 ' })).propertyValue).toBe('12');
  });

  it('keeps the checkbox choices that are options, without repeats, and clears to empty when none is', () => {
    expect(clearValuesNotInOptions(checkbox, value(2, { propertyArrayValue: ['12', '99', '11', '12'] }))).toEqual(
      value(2, { propertyArrayValue: ['12', '11'] }),
    );
    expect(clearValuesNotInOptions(checkbox, value(2, { propertyArrayValue: ['98', '99'] })).propertyArrayValue).toBe(
      null,
    );
    expect(clearValuesNotInOptions(checkbox, value(2, { propertyArrayValue: [] })).propertyArrayValue).toBeNull();
  });

  it('leaves text and file values alone', () => {
    const v = value(4, { propertyValue: '99' });
    expect(clearValuesNotInOptions(text, v)).toBe(v);
    const f = value(6, { resourceValue: [5] });
    expect(clearValuesNotInOptions(file, f)).toBe(f);
  });

  it('clears every value of an element whose options were all removed', () => {
    const noOptions = { ...radio, options: [] };
    expect(clearValuesNotInOptions(noOptions, value(1, { propertyValue: '11' })).propertyValue).toBeNull();
  });
});

describe('normalizeElementValue', () => {
  it('keeps only the field of the display type', () => {
    const sent = { propertyValue: '11', propertyNumValue: 3, propertyArrayValue: ['11'], resourceValue: [1] };
    expect(normalizeElementValue(radio, sent)).toEqual(value(1, { propertyValue: '11' }));
    expect(normalizeElementValue(checkbox, sent)).toEqual(value(2, { propertyArrayValue: ['11'] }));
    expect(normalizeElementValue(file, sent)).toEqual(value(6, { resourceValue: [1] }));
    expect(normalizeElementValue(text, sent)).toEqual(value(4, { propertyValue: '11', propertyNumValue: 3 }));
  });

  it('trims text, empties blank text, and reads a number from numeric text', () => {
    expect(normalizeElementValue(text, { propertyValue: '  12.5 ' })).toEqual(
      value(4, { propertyValue: '12.5', propertyNumValue: 12.5 }),
    );
    expect(normalizeElementValue(text, { propertyValue: '   ' })).toEqual(value(4, {}));
    expect(normalizeElementValue(textarea, { propertyValue: '约 12 kg' })).toEqual(
      value(5, { propertyValue: '约 12 kg' }),
    );
  });

  it('drops repeated file ids and empties an empty list', () => {
    expect(normalizeElementValue(file, { resourceValue: [3, 3, 4] }).resourceValue).toEqual([3, 4]);
    expect(normalizeElementValue(file, { resourceValue: [] }).resourceValue).toBeNull();
  });
});

describe('required elements', () => {
  it('names the required elements left empty', () => {
    const req = [{ ...radio, required: 1 }, { ...text, required: 1 }, { ...file, required: 1 }, checkbox];
    const values = new Map([
      [1, value(1, { propertyValue: '12' })],
      [4, value(4, { propertyValue: null })],
    ]);
    expect(missingRequiredElements(req, values).map((e) => e.id)).toEqual([4, 6]);
  });

  it('counts a text element filled by its number alone', () => {
    expect(isElementValueFilled(text, value(4, { propertyNumValue: 0 }))).toBe(true);
    expect(isElementValueFilled(text, undefined)).toBe(false);
  });
});

describe('government-procurement demand standard', () => {
  it('radio and dropdown: the chosen option meets the standard', () => {
    expect(meetsElementStandard(radio, value(1, { propertyValue: '11' }))).toBe(true);
    expect(meetsElementStandard(radio, value(1, { propertyValue: '12' }))).toBe(false);
    expect(meetsElementStandard(select, value(3, { propertyValue: null }))).toBe(false);
  });

  it('checkbox: at least one chosen option meets it', () => {
    expect(meetsElementStandard(checkbox, value(2, { propertyArrayValue: ['12', '11'] }))).toBe(true);
    expect(meetsElementStandard(checkbox, value(2, { propertyArrayValue: ['12'] }))).toBe(false);
    expect(meetsElementStandard(checkbox, value(2, {}))).toBe(false);
  });

  it('text: non-empty, and at least standardMin when one is set', () => {
    expect(meetsElementStandard(text, value(4, { propertyValue: '10', propertyNumValue: 10 }))).toBe(true);
    expect(meetsElementStandard(text, value(4, { propertyValue: '9.99', propertyNumValue: 9.99 }))).toBe(false);
    expect(meetsElementStandard(text, value(4, { propertyValue: '很多' }))).toBe(false);
    expect(meetsElementStandard(textarea, value(5, { propertyValue: '有' }))).toBe(true);
    expect(meetsElementStandard(textarea, value(5, {}))).toBe(false);
  });

  it('file: at least one file', () => {
    expect(meetsElementStandard(file, value(6, { resourceValue: [1] }))).toBe(true);
    expect(meetsElementStandard(file, value(6, {}))).toBe(false);
    expect(meetsElementStandard(file, undefined)).toBe(false);
  });

  const all = [radio, checkbox, select, text, textarea, file];
  const meeting = new Map<number, ElementValue>([
    [1, value(1, { propertyValue: '11' })],
    [2, value(2, { propertyArrayValue: ['11'] })],
    [3, value(3, { propertyValue: '11' })],
    [4, value(4, { propertyValue: '25', propertyNumValue: 25 })],
    [5, value(5, { propertyValue: '适用于住宅' })],
    [6, value(6, { resourceValue: [9] })],
  ]);

  it('a listing meets it when every demand-standard element is met', () => {
    expect(meetsDemandStandard(all, meeting)).toBe(true);
  });

  it('one unmet element is enough to fail', () => {
    for (const id of meeting.keys()) {
      const without = new Map(meeting);
      without.delete(id);
      expect(meetsDemandStandard(all, without), `without element ${id}`).toBe(false);
    }
  });

  it('ignores ordinary elements, and a form without any standard sets none', () => {
    const ordinary = rule({ id: 7, displayType: 1, required: 1 });
    expect(meetsDemandStandard([...all, ordinary], meeting)).toBe(true);
    expect(meetsDemandStandard([ordinary], new Map())).toBe(false);
    expect(meetsDemandStandard([], new Map())).toBe(false);
  });
});
