import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config';
import { startChatWidget } from './chatWidget';

describe('chat widget', () => {
  afterEach(() => {
    for (const script of document.head.querySelectorAll('script')) script.remove();
  });

  it('is loaded from the configured third-party script, once', () => {
    void startChatWidget(parseConfig({}));
    expect(document.head.querySelector('script')).toBeNull();
    const config = parseConfig({ chatWidgetScriptUrl: 'https://chat.example/widget.js' });
    void startChatWidget(config);
    void startChatWidget(config);
    expect([...document.head.querySelectorAll('script')].map((script) => script.src)).toEqual([
      'https://chat.example/widget.js',
    ]);
  });
});
