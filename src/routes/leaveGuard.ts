import { useEffect } from 'react';

/**
 * Unsaved changes on screen: leaving asks first. Full page loads, reloads and closing the tab go
 * through the browser's own `beforeunload` question; in-app navigation (links through
 * `followLink`) asks with `confirm()` before the router moves.
 */
/**
 * The question of each guard up, newest last. The form gives its sentence (validationMessages):
 * the links of the page's first load do not carry the catalogue.
 */
const questions: string[] = [];

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a returnValue to show their question.
  event.returnValue = '';
}

/** True when nothing unsaved is on screen, or when the user agrees to leave it. */
export function confirmLeaving(): boolean {
  const question = questions.at(-1);
  return question === undefined || window.confirm(question);
}

/** The page's styled question (src/ui/modal/LeaveQuestion.tsx, mounted by the SPA), if any. */
let styledAsk: ((question: string) => Promise<boolean>) | null = null;

/** The SPA's `LeaveQuestion` registers itself here; the returned function unregisters it. */
export function setLeaveQuestion(ask: (question: string) => Promise<boolean>): () => void {
  styledAsk = ask;
  return () => {
    if (styledAsk === ask) styledAsk = null;
  };
}

/**
 * Runs `leave` when nothing unsaved is on screen or when the user agrees to leave it: asked with
 * the product's styled question where the page has one (issue 26), else with `confirm()`.
 */
export function whenLeaving(leave: () => void): void {
  const question = questions.at(-1);
  if (question === undefined) leave();
  else if (styledAsk) void styledAsk(question).then((agreed) => agreed && leave());
  else if (window.confirm(question)) leave();
}

/** Keeps the guard up while `unsaved` is true; `question` is what the in-app navigation asks. */
export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (!unsaved) return;
    questions.push(question);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      questions.splice(questions.lastIndexOf(question), 1);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved, question]);
}
