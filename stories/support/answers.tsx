/**
 * The server's answers for the stories of screens that ask it themselves (a screen that loads in
 * an effect rather than taking its data as props): `parameters.answers` maps "METHOD /path" to a
 * JSON body (or to `{ status, body }`). Any other call answers 404, as src/test/fetchMock.ts does
 * in the unit tests. The stub is set before the story renders and stays for the file's next story,
 * which sets its own (the stories of a file share one page). A story with answers also has the
 * access-token cookie the API client reads (an unsigned token of company 1: only the server verifies
 * tokens); it is removed when the page goes, so that no other story file starts signed in.
 */
import type { Decorator } from '@storybook/react-vite';
import { demoClaims, makeToken, setTokenCookie } from '../../src/test/tokens';

export type Answer = unknown | { status: number; body: unknown };
export type Answers = Record<string, Answer>;

const isStatusAnswer = (answer: Answer): answer is { status: number; body: unknown } =>
  typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;

export const withAnswers: Decorator = (Story, context) => {
  const answers = (context.parameters.answers ?? {}) as Answers;
  const answering = Object.keys(answers).length > 0;
  setTokenCookie(answering ? makeToken(demoClaims) : null);
  if (answering) addEventListener('pagehide', () => setTokenCookie(null), { once: true });
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const answer = answers[`${method} ${new URL(url, location.href).pathname}`];
    const { status, body } =
      answer === undefined
        ? { status: 404, body: { error: { key: 'not_found' } } }
        : isStatusAnswer(answer)
          ? answer
          : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return <Story />;
};
