/**
 * What each custom element offers its page, in words: the custom-elements.json manifest is
 * generated from this (scripts/custom-elements-manifest.ts) and the definitions beside it.
 */
import { type ElementDefinition, shellDefinition } from './definitions';

export interface EventDoc {
  name: `bo-${string}`;
  description: string;
  /** TypeScript type of `event.detail`. */
  detail: string;
}

export interface ElementDoc {
  definition: ElementDefinition;
  /** The React component's export name in `bo-elements`. */
  component: string;
  summary: string;
  /** One description per prop of the definition. */
  attributes: Record<string, { description: string; default?: string }>;
  events: EventDoc[];
}

export const elementCatalog: ElementDoc[] = [
  {
    definition: shellDefinition,
    component: 'Shell',
    summary:
      "The page's shell: the toast area (top centre), the offline modal 'Tentative de connexion' and the session screens ('Vous n'êtes pas connecté !', 'Redirection en cours...'). Any other bo-* element adds one to the page when none is there.",
    attributes: {},
    events: [
      {
        name: 'bo-toast',
        description:
          "Listened for on the document (not dispatched): `document.dispatchEvent(new CustomEvent('bo-toast', {detail: {content, type, duration, single}}))` shows a toast. Types: message, success, info, alert, error.",
        detail:
          "{ content: string; type?: 'message' | 'success' | 'info' | 'alert' | 'error'; duration?: number; single?: boolean }",
      },
    ],
  },
];
