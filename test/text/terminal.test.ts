import { describe, expect, it } from 'vitest';
import { buildReport, renderHtml, renderSummary } from '../../packages/cli/src/reports/index.js';
import { Progress } from '../../packages/cli/src/runner/progress.js';
import { safeLine, safeText } from '../../packages/cli/src/text/terminal.js';

describe('safeLine and safeText', () => {
  const table: Array<[string, { given: string; line: string; text: string }]> = [
    ['ESC and BEL (clear screen, window title)', { given: '\u001b[2J\u001b]0;pwned\u0007', line: '\\x1b[2J\\x1b]0;pwned\\x07', text: '\\x1b[2J\\x1b]0;pwned\\x07' }],
    ['a C1 CSI and DEL', { given: 'a\u009b31mb\u007f', line: 'a\\x9b31mb\\x7f', text: 'a\\x9b31mb\\x7f' }],
    ['bidi overrides and isolates', { given: '\u202eabc\u202c \u2066x\u2069', line: '\\u202eabc\\u202c \\u2066x\\u2069', text: '\\u202eabc\\u202c \\u2066x\\u2069' }],
    ['newline and tab: kept in text, escaped in a line', { given: 'a\nb\tc', line: 'a\\x0ab\\x09c', text: 'a\nb\tc' }],
    ['a carriage return, which rewrites the line', { given: 'ok\rFAIL', line: 'ok\\x0dFAIL', text: 'ok\\x0dFAIL' }],
    ['a lone surrogate, but not a pair', { given: 'x\ud800y😀', line: 'x\\ud800y😀', text: 'x\\ud800y😀' }],
    ['ordinary text untouched', { given: 'Grüße, 中文 "quoted" \\ back', line: 'Grüße, 中文 "quoted" \\ back', text: 'Grüße, 中文 "quoted" \\ back' }],
  ];
  it.each(table)('escape %s', (_name, { given, line, text }) => {
    expect(safeLine(given)).toBe(line);
    expect(safeText(given)).toBe(text);
  });
});

describe('terminal and HTML output of a target\'s text', () => {
  const report = buildReport([{
    id: 'v1.orders.create.duplicate-409', title: 'title \u001b]0;x\u0007', api: 'v1', section: '4.1', status: 'failed',
    message: 'line one\u001b[2J\nline two\u202e\ttab', requests: [],
  }]);

  it('the summary keeps the message\'s lines and escapes the rest', () => {
    const summary = renderSummary(report);
    expect(summary).toContain('  ✗ v1.orders.create.duplicate-409: title \\x1b]0;x\\x07\n');
    expect(summary).toContain('      line one\\x1b[2J\n      line two\\u202e\ttab\n');
  });

  it('report.html shows them escaped', () => {
    expect(renderHtml(report)).toContain('line one\\x1b[2J\nline two\\u202e\ttab');
  });

  it('the progress line names a check without its control characters', () => {
    let written = '';
    const stream = { columns: 200, write: (chunk: string) => (written += chunk) } as unknown as NodeJS.WriteStream;
    new Progress(stream).start('v1.x\u001b[2J\ny');
    expect(written).toBe('\r\u001b[2K[0/0] · running v1.x\\x1b[2J\\x0ay');
  });
});
