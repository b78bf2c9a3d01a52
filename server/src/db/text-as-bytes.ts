/**
 * Text read as its bytes, for a statement whose text the API forwards untouched (the customers
 * list's page is JSON assembled by PostgreSQL). node-postgres decodes every text value as UTF-8
 * into a JavaScript string, and the answer is then encoded back into the same UTF-8 bytes: for a
 * page of 20 KB with French names, a quarter of the API's work on the request (bench/results.md).
 *
 * The tenant-read pool's connections (TenantReadClient) parse what the server sends with a parser
 * of their own, whose text decoding is switched to latin1 for as long as a lane of such reads holds
 * the connection (tenant-reads.ts): latin1 maps each byte to one character, so the string keeps the
 * UTF-8 bytes as they came, and `Buffer.from(value, 'latin1')` gives them back for the cost of a
 * copy. Only that lane's messages are parsed meanwhile, and all its reads decode text alike.
 */
import pg from 'pg';
import { Parser } from 'pg-protocol/dist/parser.js';

type TextDecoding = 'utf-8' | 'latin1';

/** What TenantReadClient replaces in node-postgres's connection (pg/lib/connection.js, 8.23.1). */
interface ConnectionInternals extends NodeJS.EventEmitter {
  attachListeners(stream: NodeJS.ReadableStream): void;
  _emitMessage?: boolean;
}

/**
 * A client whose messages are parsed as node-postgres parses them (the same pg-protocol Parser and
 * events), by a parser it keeps, so that its text decoding can be chosen. Pinned with pg: the
 * text-as-bytes tests in round-trips.test.ts fail if an upgrade changes how a connection listens.
 */
export class TenantReadClient extends pg.Client {
  readonly #parser = new Parser();
  #decoding: TextDecoding = 'utf-8';

  constructor(config?: pg.ClientConfig) {
    super(config);
    const connection = this.connection as unknown as ConnectionInternals;
    connection.attachListeners = (stream) => {
      stream.on('data', (buffer: Buffer) =>
        this.#parser.parse(buffer, (message) => {
          // An error's text is never forwarded as bytes: it is read, logged and answered as UTF-8.
          if (message.name === 'error' && this.#decoding === 'latin1') decodeAsUtf8(message);
          if (connection._emitMessage) connection.emit('message', message);
          connection.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
        }),
      );
    };
  }

  /** How the text of the messages parsed from now on is decoded. */
  decodeTextAs(encoding: TextDecoding): void {
    this.#decoding = encoding;
    (this.#parser as unknown as { reader: { encoding: TextDecoding } }).reader.encoding = encoding;
  }
}

/** The text fields of a message decoded as latin1 (message, detail, hint, where, …) read again as UTF-8. */
function decodeAsUtf8(message: object) {
  const fields = message as Record<string, unknown>;
  // Own names, not entries: an Error's `message` and `stack` are not enumerable.
  for (const name of Object.getOwnPropertyNames(fields)) {
    const value = fields[name];
    if (typeof value === 'string') fields[name] = Buffer.from(value, 'latin1').toString('utf8');
  }
}

/** PostgreSQL's text types (pg_type oids): name, text, bpchar, varchar, json, jsonb. */
const textTypes = new Set([19, 25, 1042, 1043, 114, 3802]);

/** Does a column of this type (its pg_type oid) arrive as bytes in a textAsBytes read? */
export const isTextType = (oid: number) => textTypes.has(oid);

const bytesOf = (value: string) => Buffer.from(value, 'latin1');

/**
 * The parsers of a statement read with its text as bytes: a text column's value becomes a Buffer of
 * its UTF-8 bytes; other columns keep node-postgres's parsers, which read ASCII only (numbers,
 * booleans, dates). A column of another type whose text may not be ASCII (an enum, an array of
 * text) must be cast to text by the statement.
 */
export const textAsBytesTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    isTextType(oid) ? bytesOf : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
