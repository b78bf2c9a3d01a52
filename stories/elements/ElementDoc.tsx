/**
 * One element's documentation page, read from custom-elements.json (the manifest that
 * scripts/custom-elements-manifest.ts writes from src/elements/catalog.ts, checked by `npm test`):
 * what the element is, its attributes, its events, the session it needs, where the platform uses it,
 * its states' stories and a snippet to embed it in a legacy page. The words of this page that the
 * manifest has no field for (session, example values, states) are in elementNotes.ts.
 */
import manifest from '../../custom-elements.json';
import { type ElementNotes, elementNotes } from './elementNotes';

interface ManifestAttribute {
  name: string;
  fieldName: string;
  type: { text: string };
  description: string;
  default?: string;
}
interface ManifestEvent {
  name: string;
  type: { text: string };
  description: string;
}
interface ManifestElement {
  name: string;
  tagName: string;
  description: string;
  attributes: ManifestAttribute[];
  events: ManifestEvent[];
}

export const manifestElements = manifest.modules.flatMap(
  (module) => module.declarations,
) as unknown as ManifestElement[];

// Every tag of the manifest has its notes (and so its page: Elements.stories.tsx): a new element
// without them fails every story of the file, hence the stories test.
const undocumented = manifestElements.filter((element) => !(element.tagName in elementNotes));
if (undocumented.length > 0) {
  throw new Error(
    `No docs page for ${undocumented.map((element) => element.tagName).join(', ')}: add them to stories/elements/elementNotes.ts and Elements.stories.tsx.`,
  );
}

/** The tags that define.js carries itself; every other one is a lazy chunk (src/elements/lazyTags.ts). */
const inDefineEntry = new Set(['bo-shell', 'bo-nav-bar', 'bo-notification-bell']);

const page = { maxWidth: 880, lineHeight: 1.55 } as const;
const codeBlock = {
  background: '#f6f7f9',
  border: '1px solid #e3e5e8',
  borderRadius: 8,
  padding: '12px 16px',
  // Wrapped rather than scrolled: a scrolling box would need to be focusable (axe).
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 13,
} as const;
const term = { fontWeight: 600, marginTop: 12 } as const;
const definition = { margin: '2px 0 0 0' } as const;

/** The snippet a legacy page pastes: the configuration, define.js, the tag, its events listened to. */
export function embeddingSnippet(element: ManifestElement, notes: ElementNotes): string {
  const attributes = element.attributes
    .filter((attribute) => notes.example?.[attribute.fieldName] !== undefined)
    .map((attribute) => ` ${attribute.name}="${notes.example?.[attribute.fieldName]}"`)
    .join('');
  const lines = [
    '<script type="application/json" id="bo-config">',
    '  { "platformOrigin": "https://plateforme.example", "clientOrigin": "https://app.example",',
    '    "apiHost": "https://plateforme.example" }',
    '</script>',
    '<script type="module" src="/elements/define.js"></script>',
    '',
    `<${element.tagName}${attributes}></${element.tagName}>`,
  ];
  if (element.events.length > 0) {
    lines.push('<script type="module">');
    lines.push(`  const element = document.querySelector('${element.tagName}');`);
    for (const event of element.events) {
      // bo-toast is listened for by the shell, not dispatched: the page sends it.
      if (event.name === 'bo-toast') {
        lines.push(
          "  document.dispatchEvent(new CustomEvent('bo-toast', { detail: { content: 'Enregistré.', type: 'success' } }));",
        );
        continue;
      }
      lines.push(`  element.addEventListener('${event.name}', (event) => console.log(event.detail));`);
    }
    lines.push('</script>');
  }
  return lines.join('\n');
}

export function ElementDoc({ tag }: { tag: string }) {
  const element = manifestElements.find((candidate) => candidate.tagName === tag);
  const notes = elementNotes[tag];
  if (!element || !notes) return <p>No element {tag} in custom-elements.json.</p>;
  return (
    <article style={page} aria-labelledby="element-title">
      <h1 id="element-title" style={{ marginTop: 0 }}>
        <code>&lt;{element.tagName}&gt;</code>
      </h1>
      <p>
        Its React component: <code>{element.name}</code>.{' '}
        {inDefineEntry.has(element.tagName)
          ? 'Part of define.js itself (the first load of every platform page).'
          : 'Its code is a chunk of its own, fetched the first time the tag is on the page: define.js does not grow.'}
      </p>
      <p>{element.description}</p>

      <h2>Attributes</h2>
      {element.attributes.length === 0 ? (
        <p>None.</p>
      ) : (
        <dl>
          {element.attributes.map((attribute) => (
            <div key={attribute.name}>
              <dt style={term}>
                <code>{attribute.name}</code> ({attribute.type.text}), property{' '}
                <code>{attribute.fieldName}</code>
                {attribute.default ? `, default ${attribute.default}` : ''}
              </dt>
              <dd style={definition}>{attribute.description}</dd>
            </div>
          ))}
        </dl>
      )}

      <h2>Events</h2>
      {element.events.length === 0 ? (
        <p>None.</p>
      ) : (
        <>
          <p>
            <code>CustomEvent</code>s with <code>bubbles</code> and <code>composed</code>: a listener on the
            element, its parents or the document hears them.
          </p>
          <dl>
            {element.events.map((event) => (
              <div key={event.name}>
                <dt style={term}>
                  <code>{event.name}</code>: <code>{event.type.text}</code>
                </dt>
                <dd style={definition}>{event.description}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <h2>Session</h2>
      <p>
        {element.tagName === 'bo-shell'
          ? 'None to appear: it is what a page without a session shows ("Vous n\'êtes pas connecté !", then the platform login).'
          : "The signed-in user's appAccessToken cookie (set by the platform's /login; without it the browser goes to the login page with ?redirect= this page) and the page's #bo-config. The company is the token's, never an attribute."}
        {notes.session ? ` ${notes.session}` : ''}
      </p>

      <h2>Where it is used</h2>
      <p>{notes.usedBy}</p>

      <h2>States</h2>
      {notes.states.length === 0 ? (
        <p>Shown through the stories of its screens.</p>
      ) : (
        <ul>
          {notes.states.map(([label, id]) => (
            <li key={id}>
              <a href={`./?path=/story/${id}`} target="_top">
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}

      <h2>Embedding it in a legacy page</h2>
      <pre style={codeBlock}>
        <code>{embeddingSnippet(element, notes)}</code>
      </pre>
    </article>
  );
}
