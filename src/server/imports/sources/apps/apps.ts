import type { Readable } from 'node:stream';
import { readCsvExport } from '../../csv';
import { parsedRow, readTime, splitTags, type ParsedItem } from '../../import-row';
import { isEntry, parseJsonExport, tagNames, textOf, type Entry } from './json-export';

/*
 * The exports of the read-later apps people leave, each read from its public description. Dates
 * are ISO texts or Unix times (readTime); "read" is the app's archived state, dated at the import
 * when the app keeps no date of its own.
 */

const listOr = (document: unknown, key: string) =>
  Array.isArray(document) ? document : isEntry(document) && Array.isArray(document[key]) ? (document[key] as unknown[]) : undefined;
const readIf = (read: boolean, at: Date | null = null) => (read ? (at ?? new Date()) : null);
const time = (value: unknown) => readTime(typeof value === 'number' ? String(Math.trunc(value)) : textOf(value));

/** Omnivore: a list of `{ url, title, description, labels, state, savedAt, readingProgress }` (metadata_*.json). */
export function parseOmnivoreJson(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return parseJsonExport(
    input,
    file,
    'an Omnivore export',
    (document) => listOr(document, 'items'),
    (entry) => ({
      url: textOf(entry.url),
      title: textOf(entry.title),
      description: textOf(entry.description),
      tags: tagNames(entry.labels),
      createdAt: time(entry.savedAt),
      readAt: readIf(entry.state === 'Archived' || Number(entry.readingProgress) >= 100),
    }),
  );
}

/** Linkwarden: `{ collections: [{ name, links: [{ url, name, description, tags: [{ name }], createdAt }] }] }`; the collection after the tags. */
export function parseLinkwardenJson(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  const collectionOf = new WeakMap<Entry, string>();
  return parseJsonExport(
    input,
    file,
    'a Linkwarden export',
    (document) => {
      if (!isEntry(document) || !Array.isArray(document.collections)) return undefined;
      return document.collections.filter(isEntry).flatMap((collection) => {
        const links = Array.isArray(collection.links) ? collection.links : [];
        for (const link of links) if (isEntry(link) && textOf(collection.name)) collectionOf.set(link, textOf(collection.name)!);
        return links;
      });
    },
    (entry) => ({
      url: textOf(entry.url),
      title: textOf(entry.name),
      description: textOf(entry.description),
      tags: [...tagNames(entry.tags), ...(collectionOf.has(entry) ? [collectionOf.get(entry)!] : [])],
      createdAt: time(entry.createdAt),
      readAt: null,
    }),
  );
}

/** Karakeep (formerly Hoarder): `{ bookmarks: [{ content: { type: "link", url }, title, note, tags, createdAt (seconds), archived }] }`. */
export function parseKarakeepJson(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return parseJsonExport(
    input,
    file,
    'a Karakeep export',
    (document) => listOr(document, 'bookmarks'),
    (entry) => {
      const content = isEntry(entry.content) ? entry.content : {};
      // Notes and images saved on their own carry no link: row errors, not links.
      if (content.type !== 'link') return undefined;
      return {
        url: textOf(content.url),
        title: textOf(entry.title) ?? textOf(content.title),
        notes: textOf(entry.note),
        tags: tagNames(entry.tags),
        createdAt: time(entry.createdAt),
        readAt: readIf(entry.archived === true),
      };
    },
  );
}

/** Wallabag: a list of `{ url, title, tags, is_archived, created_at, archived_at }`. */
export function parseWallabagJson(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return parseJsonExport(
    input,
    file,
    'a Wallabag export',
    (document) => listOr(document, 'entries'),
    (entry) => ({
      url: textOf(entry.url) ?? textOf(entry.given_url),
      title: textOf(entry.title),
      tags: tagNames(entry.tags),
      createdAt: time(entry.created_at),
      readAt: readIf(entry.is_archived === 1 || entry.is_archived === true, time(entry.archived_at)),
    }),
  );
}

/** Pinboard: a list of `{ href, description (the title), extended (notes), tags (space-separated), time, toread }`. */
export function parsePinboardJson(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return parseJsonExport(
    input,
    file,
    'a Pinboard export',
    (document) => listOr(document, 'posts'),
    (entry) => ({
      url: textOf(entry.href),
      title: textOf(entry.description),
      notes: textOf(entry.extended),
      tags: splitTags(textOf(entry.tags), ' '),
      createdAt: time(entry.time),
      readAt: readIf(entry.toread === 'no'),
    }),
  );
}

/**
 * Readwise Reader's CSV: `Title, URL, ID, Document tags, Saved date, Reading progress, Location, Seen`;
 * tags as a list in brackets (`['a', 'b']`), Location "archive" is read.
 */
export function parseReadwiseCsv(input: Readable, file?: string): AsyncIterable<ParsedItem> {
  return readCsvExport(input, file, 'a Readwise Reader export', (row) =>
    parsedRow(row.line, file, row.get('url'), {
      title: row.get('title'),
      notes: null,
      tags: splitTags((row.get('document tags') ?? '').replace(/^\[|\]$/g, ''), ',')
        .map((tag) => tag.replace(/^['"]|['"]$/g, ''))
        .filter(Boolean),
      createdAt: readTime(row.get('saved date')),
      readAt: readIf(row.get('location')?.trim().toLowerCase() === 'archive'),
    }),
  );
}
