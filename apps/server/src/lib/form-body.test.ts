import { describe, expect, it } from 'vitest';
import { findNulText, type UploadedFile } from './form-body.js';

describe('findNulText (issue 16.9)', () => {
  it('when a nested text holds a NUL, then its dotted path; a key holding one is named itself', () => {
    expect(findNulText({ group: 'A', passengers: [{ firstname: 'ALI' }, { firstname: 'B\u0000' }] })).toBe('passengers.1.firstname');
    expect(findNulText({ ok: 'x', ['na\u0000me']: 'y' })).toBe('na\u0000me');
    expect(findNulText('plain\u0000text')).toBe('body');
  });

  it('when nothing holds a NUL, or only a file does, then undefined', () => {
    const file: UploadedFile = { kind: 'file', fieldname: 'scan', filename: 'a.jpg', mimetype: 'image/jpeg', data: Buffer.from('\u0000') };
    expect(findNulText({ passengers: [{ firstname: 'ALI', scan: file }], count: 2, flag: null })).toBeUndefined();
    expect(findNulText({})).toBeUndefined();
    expect(findNulText(undefined)).toBeUndefined();
  });
});
