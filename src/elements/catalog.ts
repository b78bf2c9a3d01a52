/**
 * What each custom element offers its page: attributes, properties and events. Pure data, so the
 * custom-elements.json manifest is generated from it (scripts/custom-elements-manifest.ts) without
 * loading any component; `define.ts` pairs each entry with its React component.
 */

export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

export interface AttributeDoc {
  /** The React prop; the attribute is its kebab-case form. */
  prop: string;
  type: AttributeType;
  description: string;
  default?: string;
}

export interface EventDoc {
  name: `bo-${string}`;
  description: string;
  /** TypeScript type of `event.detail`. */
  detail: string;
}

export interface ElementDoc {
  tag: `bo-${string}`;
  /** The React component's export name in `bo-elements`. */
  component: string;
  summary: string;
  attributes: AttributeDoc[];
  events: EventDoc[];
}

export const shellElement: ElementDoc = {
  tag: 'bo-shell',
  component: 'Shell',
  summary:
    "The page's shell: the toast area (top centre), the offline modal 'Tentative de connexion' and the session screens ('Vous n'êtes pas connecté !', 'Redirection en cours...'). Any other bo-* element adds one to the page when none is there.",
  attributes: [],
  events: [
    {
      name: 'bo-toast',
      description:
        "Listened for on the document (not dispatched): `document.dispatchEvent(new CustomEvent('bo-toast', {detail: {content, type, duration, single}}))` shows a toast. Types: message, success, info, alert, error.",
      detail: "{ content: string; type?: 'message' | 'success' | 'info' | 'alert' | 'error'; duration?: number; single?: boolean }",
    },
  ],
};

export const elementCatalog: ElementDoc[] = [shellElement];
