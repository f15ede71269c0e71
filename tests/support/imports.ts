import { strToU8, zipSync } from 'fflate';

/** A ZIP archive of the files (deflated), as Pocket mails its export, made with fflate. */
export function makeZip(files: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function multipartBody(fileName: string, data: Buffer | string, field = 'file'): { body: Buffer; contentType: string } {
  const boundary = '----StashTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, Buffer.from(data), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
