import { describe, expect, it } from 'vitest';
import { bulkRows, dataKind, fileSize, isHttpUrl, readReportEntry, readUrlList, serverMessage } from './importText';

const entry = (message: string, success: boolean) => ({
  reportId: 'r', timestamp: '2024-01-01T00:00:00Z', success, message, exception: '', id: message,
});

describe('URL lists', () => {
  it('accepts http and https only', () => {
    expect(isHttpUrl('https://example.com/a')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/x.html')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
  });

  it('reads one URL a line, skipping blanks, reporting bad lines and dropping repeats', () => {
    const list = readUrlList(' https://a.test/1 \n\nnot a url\r\nhttps://a.test/2\nhttps://a.test/1\n');
    expect(list.urls).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(list.invalid).toEqual([{ line: 3, text: 'not a url' }]);
    expect(list.duplicates).toBe(1);
  });
});

describe('bulk report rows', () => {
  it('reads success and failure entries', () => {
    expect(readReportEntry(entry('https://a.test/1: imported as "Pizza (Detroit)" (pizza-detroit)', true))).toEqual({
      url: 'https://a.test/1', state: 'success', name: 'Pizza (Detroit)', slug: 'pizza-detroit',
    });
    expect(readReportEntry(entry('https://a.test/2: No recipe found at this address', false))).toEqual({
      url: 'https://a.test/2', state: 'failure', reason: 'No recipe found at this address',
    });
  });

  it('matches entries to the URLs sent, in order, the rest waiting', () => {
    const urls = ['https://a.test/1', 'https://a.test/2'];
    const rows = bulkRows(urls, [entry('https://a.test/1: imported as "A" (a)', true)]);
    expect(rows).toEqual([
      { url: 'https://a.test/1', state: 'success', name: 'A', slug: 'a' },
      { url: 'https://a.test/2', state: 'waiting' },
    ]);
    expect(bulkRows(null, [entry('https://a.test/2: boom', false)])).toEqual([{ url: 'https://a.test/2', state: 'failure', reason: 'boom' }]);
  });
});

describe('pasted data', () => {
  it('tells JSON, broken JSON and HTML apart', () => {
    expect(dataKind('  ')).toBe('empty');
    expect(dataKind('{"name": "x"}')).toBe('json');
    expect(dataKind('{"name": ')).toBe('invalid-json');
    expect(dataKind('<html><body></body></html>')).toBe('html');
  });
});

describe('server messages', () => {
  it('prefers detail.message, then a validation message; nothing without an answer', () => {
    expect(serverMessage({ status: 400, message: 'x', body: { detail: { message: 'No recipe found at this address' } } })).toBe(
      'No recipe found at this address',
    );
    expect(serverMessage({ status: 422, message: 'Unprocessable', body: { detail: [{ msg: 'A URL is required' }] } })).toBe('A URL is required');
    expect(serverMessage({ status: 0, message: 'network error', body: null })).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });

  it('prints file sizes', () => {
    expect(fileSize(900, 'en-US')).toBe('900 B');
    expect(fileSize(1536, 'en-US')).toBe('1.5 KB');
    expect(fileSize(12_345_678, 'en-US')).toBe('12 MB');
  });
});
