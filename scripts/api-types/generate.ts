import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { describeApi } from './describe-api';

/** The committed file both the web app and the extension import (src/shared: neither may import the server). */
export const API_TYPES_FILE = 'src/shared/api-types.ts';

const HEADER = `/**
 * The Stash API's paths, parameters, bodies and answers, written by \`npm run api:types\` from the
 * server's OpenAPI document (the one /api/docs/json answers). Do not edit: change a route's zod
 * schemas and run the script again; \`npm run check:api-types\` (CI) fails when this file is out of date.
 */

`;

/** The text of the types file for the server as it is now. */
export async function generateApiTypes(): Promise<string> {
  const document = await describeApi();
  const nodes = await openapiTS(document as unknown as OpenAPI3);
  return HEADER + astToString(nodes);
}
