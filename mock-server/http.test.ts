import { describe, expect, it } from 'vitest';
import { clipped, displayName, ECHO_MAX_CHARS, quoted } from './http';

describe('client text going back out', () => {
  it('keeps only the last segment of a client’s file name, without hidden characters, for display', () => {
    expect(displayName('../../../evil.pdf', 'file')).toBe('evil.pdf');
    expect(displayName('C:\\Users\\me\\bill.png', 'file')).toBe('bill.png');
    expect(displayName('in\u0000voice.pdf', 'file')).toBe('invoice.pdf');
    expect(displayName('invoice\u202Efdp.exe', 'file')).toBe('invoicefdp.exe'); // no override to show it as invoiceexe.pdf
    expect(displayName('../..', 'file')).toBe('file');
    expect(displayName('\u202E', 'file')).toBe('file');
    expect(displayName(`${'a'.repeat(300)}.pdf`, 'file')).toHaveLength(100);
  });

  it('echoes no hidden character: each shows as U+FFFD, and a long value is cut', () => {
    expect(quoted('ERP\u202E1')).toBe("'ERP\uFFFD1'");
    expect(clipped('a\u0000b\u2066c')).toBe('a\uFFFDb\uFFFDc');
    expect(clipped('می\u200Cخواهم')).toBe('می\u200Cخواهم'); // a joiner a spelling needs stays
    expect(clipped(`${'\u202E'.repeat(ECHO_MAX_CHARS)}x`)).toBe(`${'\uFFFD'.repeat(ECHO_MAX_CHARS)}…`);
  });
});
