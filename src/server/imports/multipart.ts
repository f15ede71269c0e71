/** The first file of a multipart/form-data body, or undefined when it carries none. */
export function readUploadedFile(body: Buffer, contentType: string): { name: string; data: Buffer } | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const headersStart = at + delimiter.length + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return undefined;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd);
    if (next === -1) return undefined;
    const headers = body.toString('utf8', headersStart, headersEnd);
    const fileName = /filename\*?=(?:"([^"]*)"|([^;\r\n]*))/i.exec(headers);
    if (fileName) return { name: fileName[1] ?? fileName[2] ?? 'upload', data: body.subarray(headersEnd + 4, next) };
    at = next + 2;
  }
  return undefined;
}
