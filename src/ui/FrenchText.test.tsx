import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../i18n/shellMessages';
import { FrenchText, splitBeforePunctuation } from './FrenchText';
import { together } from './frenchText.css';

describe('FrenchText: no line break before « : ; ! ? »', () => {
  it('keeps the word before each sign with its space and the sign', () => {
    expect(splitBeforePunctuation("Vous n'êtes pas connecté !")).toEqual([
      { text: "Vous n'êtes pas ", together: false },
      { text: 'connecté !', together: true },
    ]);
    expect(splitBeforePunctuation('Réglée : la date ? Oui ; non\u00a0!')).toEqual([
      { text: 'Réglée :', together: true },
      { text: ' la ', together: false },
      { text: 'date ?', together: true },
      { text: ' ', together: false },
      { text: 'Oui ;', together: true },
      { text: ' ', together: false },
      { text: 'non\u00a0!', together: true },
    ]);
    expect(splitBeforePunctuation('Redirection en cours...')).toEqual([
      { text: 'Redirection en cours...', together: false },
    ]);
    expect(splitBeforePunctuation('')).toEqual([]);
  });

  it('renders the text byte for byte, the last word and its sign in one unbreakable span', () => {
    const { container } = render(
      <h1>
        <FrenchText>{shellMessages.notLoggedInTitle}</FrenchText>
      </h1>,
    );
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe("Vous n'êtes pas connecté !");
    const span = heading?.querySelector('span');
    expect(span?.textContent).toBe('connecté !');
    expect(span?.className).toBe(together);
  });
});
