import { describe, expect, it } from 'vitest';
import { i18n, registerLocale } from './i18n.ts';

describe('registerLocale', () => {
  it('adds a namespace in both languages once and returns its name', () => {
    expect(registerLocale('testFeature', { hello: '你好' }, { hello: 'Hello' })).toBe('testFeature');
    expect(i18n.getFixedT('zh-CN', 'testFeature')('hello')).toBe('你好');
    expect(i18n.getFixedT('en', 'testFeature')('hello')).toBe('Hello');
    registerLocale('testFeature', { hello: '别的' }, { hello: 'Other' });
    expect(i18n.getFixedT('zh-CN', 'testFeature')('hello')).toBe('你好');
  });
});
