import { Readable } from 'node:stream';

/** Text (the API's `csvData`) as the stream of bytes a parser reads, like an uploaded file. */
export function textStream(text: string): Readable {
  return Readable.from([Buffer.from(text)]);
}

/** A stream read to its end as one string: for the format read whole (our JSON export). */
export async function readWholeText(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
