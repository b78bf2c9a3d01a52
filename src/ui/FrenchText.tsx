import { together } from './frenchText.css';

/**
 * French puts a space before « : », « ; », « ! » and « ? ». The spec's strings use a plain space
 * there, and must stay byte for byte, so the line may not break between the word and its sign:
 * the word, the space and the sign are kept together by the rendering, not by changing the text.
 */
const beforePunctuation = /\S+[ \u00a0\u202f]+[:;!?]+/g;

export type TextRun = { text: string; together: boolean };

/** "Vous n'êtes pas connecté !" → ["Vous n'êtes pas ", "connecté !" (together)]. */
export function splitBeforePunctuation(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let from = 0;
  for (const match of text.matchAll(beforePunctuation)) {
    if (match.index > from) runs.push({ text: text.slice(from, match.index), together: false });
    runs.push({ text: match[0], together: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) runs.push({ text: text.slice(from), together: false });
  return runs;
}

/** A French message as written (same textContent), never broken before its « : ! ? ; ». */
export function FrenchText({ children }: { children: string }) {
  return (
    <>
      {splitBeforePunctuation(children).map((run, index) =>
        run.together ? (
          <span key={index} className={together}>
            {run.text}
          </span>
        ) : (
          run.text
        ),
      )}
    </>
  );
}
