/**
 * Writes custom-elements.json (schema 2.1.0) from the element catalog, or with --check fails when
 * the committed file is stale. Run by `npm run manifest` / `npm test`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { elementCatalog } from '../src/elements/catalog';

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const attributesOf = (element: (typeof elementCatalog)[number]) =>
  Object.entries(element.definition.props).map(([prop, type]) => ({
    prop,
    type,
    ...element.attributes[prop],
  }));

const manifest = {
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: [
    {
      kind: 'javascript-module',
      path: 'dist/define.js',
      declarations: elementCatalog.map((element) => ({
        kind: 'class',
        name: element.component,
        tagName: element.definition.tag,
        customElement: true,
        description: element.summary,
        attributes: attributesOf(element).map((attribute) => ({
          name: kebab(attribute.prop),
          fieldName: attribute.prop,
          type: { text: attribute.type === 'json' ? 'string (JSON)' : attribute.type },
          description: attribute.description,
          ...(attribute.default ? { default: attribute.default } : {}),
        })),
        members: attributesOf(element).map((attribute) => ({
          kind: 'field',
          name: attribute.prop,
          type: { text: attribute.type === 'json' ? 'unknown' : attribute.type },
          description: attribute.description,
          attribute: kebab(attribute.prop),
        })),
        events: element.events.map((event) => ({
          name: event.name,
          type: { text: `CustomEvent<${event.detail}>` },
          description: event.description,
        })),
      })),
      exports: elementCatalog.map((element) => ({
        kind: 'custom-element-definition',
        name: element.definition.tag,
        declaration: { name: element.component, module: 'dist/define.js' },
      })),
    },
  ],
};

const text = `${JSON.stringify(manifest, null, 2)}\n`;
const file = new URL('../custom-elements.json', import.meta.url);

if (process.argv.includes('--check')) {
  const committed = await readFile(file, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error('custom-elements.json is out of date: run `npm run manifest` and commit it.');
    process.exit(1);
  }
  console.log('custom-elements.json is up to date.');
} else {
  await writeFile(file, text);
  console.log(`custom-elements.json: ${elementCatalog.length} element(s).`);
}
